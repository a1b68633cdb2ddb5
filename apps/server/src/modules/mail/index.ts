import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container.ts';
import { registerMailboxRoutes } from './mail.routes.ts';

/** The mail module's HTTP part: the development mailbox outside production. */
export function registerMail(app: FastifyInstance, container: Container): void {
  if (!container.config.isProduction) registerMailboxRoutes(app, container.mailRepository);
}
