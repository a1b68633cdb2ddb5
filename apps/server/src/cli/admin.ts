import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, ConfigError } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { AppError } from '../lib/app-error.ts';
import { systemClock } from '../lib/clock.ts';
import { createAdminService } from '../modules/admin/admin.service.ts';
import { createAuditLogRepository } from '../modules/admin/audit-log.repository.ts';
import { createProfileRepository } from '../modules/profile/profile.repository.ts';

const USAGE = `Usage: npm run admin -- <command>

  grant <email>    make the user with this email an administrator
  revoke <email>   take administrator rights away
  list             list administrators

Uses the same configuration as the server (DATA_DIR, DATABASE_URL, ...).`;

/** Runs one admin command; returns the process exit code. Output goes through `print`. */
export async function runAdminCli(
  args: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void,
): Promise<number> {
  const [command, email, ...extra] = args;
  const needsEmail = command === 'grant' || command === 'revoke';
  if (
    !command ||
    !['grant', 'revoke', 'list'].includes(command) ||
    (needsEmail && !email) ||
    extra.length > 0 ||
    (!needsEmail && email)
  ) {
    print(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      print(err.message);
      return 1;
    }
    throw err;
  }
  const handle = openDatabase(config.database);
  try {
    await migrateToLatest(handle.db as never, handle.dialect);
    const profiles = createProfileRepository(handle.db, handle.dialect);
    const admin = createAdminService({
      profiles,
      audit: createAuditLogRepository(handle.db),
      clock: systemClock,
    });
    if (command === 'list') {
      const admins = await profiles.listAdmins();
      if (admins.length === 0)
        print('No administrators yet. Grant one with: npm run admin -- grant <email>');
      for (const p of admins) print(`${p.email}\t${p.full_name || '-'}\t${p.id}`);
      return 0;
    }
    const grant = command === 'grant';
    const profile = await admin.setAdmin(null, email ?? '', grant);
    print(`${profile.email} is ${grant ? 'now an administrator' : 'no longer an administrator'}.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      print(err.message);
      return 1;
    }
    throw err;
  } finally {
    await handle.close();
  }
}

// `npm run admin` runs in apps/server; resolve relative paths (DATA_DIR=./data) from where npm was
// started so the CLI and `npm start` at the repository root open the same database.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  runAdminCli(process.argv.slice(2), process.env, (line) => console.log(line))
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
