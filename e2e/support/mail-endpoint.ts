import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmtpCapture } from '../../apps/server/test/support/smtp-capture';

/**
 * Global setup runs in the Playwright runner process, tests in worker processes. This tiny HTTP
 * endpoint lets tests ask the runner's SMTP capture for the code mailed to an address:
 * GET /code?email=a@b.c&timeoutMs=10000 → 200 {code} | 404 {error}; and the newest whole mail:
 * GET /mail?email=a@b.c → 200 {subject, text} | 404 {error}.
 */
export async function startMailEndpoint(capture: SmtpCapture) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const email = url.searchParams.get('email');
    if (url.pathname === '/mail' && email) {
      const mail = capture.messages.filter((m) => m.to.includes(email.toLowerCase())).at(-1);
      return mail
        ? send(200, { subject: mail.subject, text: mail.text })
        : send(404, { error: `No mail to ${email}` });
    }
    if (url.pathname !== '/code' || !email) return send(400, { error: 'GET /code?email=' });
    const timeoutMs = Number(url.searchParams.get('timeoutMs') ?? 10_000);
    capture.waitForCode(email, { timeoutMs }).then(
      (code) => send(200, { code }),
      (error: Error) => send(404, { error: error.message }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
