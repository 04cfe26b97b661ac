// System calls: ping answers without touching the database.
import type { FastifyInstance } from 'fastify';
import { ping } from '@/shared/contracts/system';
import { bindRoute } from '../../plugins/contracts';

export async function systemRoutes(app: FastifyInstance) {
  bindRoute(app, ping, async () => ({ time: new Date().toISOString() }));
}
