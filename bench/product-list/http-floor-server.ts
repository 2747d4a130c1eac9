/*
 * A bare Fastify server answering every GET /floor/:id with one fixed JSON body (FLOOR_BODY), run
 * in its own process like the real server: the cost of an HTTP round trip between two processes on
 * this machine with no work behind it. The product-list benchmark measures it beside the detail,
 * whose statement takes about as long as that round trip (the floor under its API / SQL ratio).
 */
import Fastify from 'fastify';

const body = process.env.FLOOR_BODY ?? '{}';
const app = Fastify();
app.get('/floor/:id', async (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
