import type { FastifyInstance } from 'fastify';
import type { Container } from '../container.ts';
import { registerAdmin } from './admin/admin.routes.ts';
import { registerAuth } from './auth/auth.routes.ts';
import { registerBilling } from './billing/index.ts';
import { registerContact } from './contact/index.ts';
import { registerDocuments } from './documents/documents.module.ts';
import { registerMail } from './mail/index.ts';
import { registerProfile } from './profile/profile.routes.ts';
import { registerQueue } from './queue/queue.module.ts';
import { registerSeo } from './seo/seo.routes.ts';
import { registerSystem } from './system/system.routes.ts';

/** A feature module registers its routes (and hooks) on the app. Listed in registration order. */
export type AppModule = (app: FastifyInstance, container: Container) => Promise<void> | void;

export const modules: AppModule[] = [
  registerAuth,
  registerSystem,
  registerProfile,
  registerAdmin,
  registerSeo,
  registerQueue,
  registerDocuments,
  registerMail,
  registerContact,
  registerBilling,
];
