// `portfolio serve` for a spec's own site, on a port the system picks.
//
// A spec that named its port (E2E_PORT plus an offset of its own) could meet
// another spec's on the other worker: the offsets were chosen file by file,
// and analytics.spec.ts's six servers ran over secret-page.spec.ts's and
// client-gallery.spec.ts's (`portfolio serve exited with 3`: the address was
// in use). Port 0 cannot collide; serve prints the address it took.
import { spawn, type ChildProcess } from 'node:child_process';

/** A running `portfolio serve`. */
export interface Serving {
  /** http://localhost:PORT, the address serve printed. */
  origin: string;
  server: ChildProcess;
}

/** The port in serve's "Serving DIR at http://127.0.0.1:PORT" line, once it has printed it. */
export function servingPort(output: string): number | undefined {
  const m = /^Serving .* at http:\/\/127\.0\.0\.1:(\d+) /m.exec(output);
  return m ? Number(m[1]) : undefined;
}

/**
 * Runs `bin serve --no-build --site SITE --addr 127.0.0.1:0 --data DATA` in
 * cwd; resolves once it listens, rejects if it exits first.
 */
export async function startServe(bin: string, site: string, data: string, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Serving> {
  const server = spawn(bin, ['serve', '--no-build', '--site', site, '--addr', '127.0.0.1:0', '--data', data], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    server.once('exit', (code) => reject(new Error(`portfolio serve exited with ${code}`)));
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = servingPort(output);
      if (port !== undefined) resolve(port);
    });
  });
  return { origin: `http://localhost:${port}`, server };
}
