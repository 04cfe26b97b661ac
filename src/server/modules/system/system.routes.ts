// System calls: ping answers without touching the database.
import type { FastifyInstance } from 'fastify';
import { ping } from '@/shared/contracts/system';

/** The zone scheduled tasks fire in: the server process's own (croner computes local times without a zone). */
const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
import { bindRoute } from '../../plugins/contracts';

export async function systemRoutes(app: FastifyInstance) {
  bindRoute(app, ping, async () => ({ time: new Date().toISOString(), timeZone: SERVER_TIME_ZONE }));
}
