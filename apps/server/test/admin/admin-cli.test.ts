import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdminCli } from '../../src/cli/admin.ts';
import { signUpAndSignIn } from '../support/accounts.ts';
import type { TestBrowser } from '../support/http-client.ts';
import { createTestApp, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

describeEachDialect('npm run admin', (dialect) => {
  let t: TestApp;
  let env: Record<string, string | undefined>;
  let user: TestBrowser;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    // The CLI reads the same configuration as the server: point it at the same database.
    const { config } = t.container;
    env = {
      NODE_ENV: 'test',
      DATA_DIR: config.dataDir,
      DATABASE_URL:
        config.database.kind === 'postgres'
          ? config.database.url
          : `sqlite:${config.database.file}`,
    };
    ({ browser: user } = await signUpAndSignIn(t.app, { email: 'first.admin@example.com' }));
  });
  afterAll(() => t.close());

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runAdminCli(args, env, (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  };

  it('grants, lists and revokes admin rights, with an audit entry each time', async () => {
    expect((await user.get('/api/admin/profiles')).statusCode).toBe(403);

    expect(await run('grant', 'First.Admin@example.com')).toEqual({
      code: 0,
      output: 'first.admin@example.com is now an administrator.',
    });
    expect((await user.get('/api/admin/profiles')).statusCode).toBe(200);
    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.output).toContain('first.admin@example.com');

    expect((await run('revoke', 'first.admin@example.com')).code).toBe(0);
    expect((await user.get('/api/admin/profiles')).statusCode).toBe(403);

    const actions = await t.container.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'profile.grant_admin', actor_id: null },
      { action: 'profile.revoke_admin', actor_id: null },
    ]);
  });

  it('explains unknown emails and bad usage', async () => {
    expect(await run('grant', 'nobody@example.com')).toEqual({
      code: 1,
      output: 'No user with the email nobody@example.com. They must sign up first.',
    });
    for (const args of [[], ['grant'], ['promote', 'x@example.com'], ['list', 'extra']]) {
      const result = await run(...args);
      expect(result.code).toBe(2);
      expect(result.output).toContain('Usage: npm run admin -- <command>');
    }
  });

  it('reports a bad configuration like the server does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uncrumple-cli-'));
    const lines: string[] = [];
    const code = await runAdminCli(['list'], { DATA_DIR: dir, PORT: 'abc' }, (l) => lines.push(l));
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('PORT');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
