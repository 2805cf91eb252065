import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * Debian's nginx in front of several server processes, as the README's recipe has it: a config
 * written into a temp folder and run with daemon off (test/nginx.test.ts, nginx-storage.test.ts).
 */

export const NGINX = '/usr/sbin/nginx';
export const hasNginx = existsSync(NGINX);

/** The README's proxy config: round robin, keepalive, and a refused or 503 answer tried on the next process. */
function nginxConfig(dir: string, port: number, upstreams: number[], maxBodySize = '1m'): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream opence {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size ${maxBodySize};
    location / {
      proxy_pass http://opence;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_max_temp_file_size 0;
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 2;
    }
  }
}
`;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // nginx not listening yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export type TNginx = { url: string; stop(): Promise<void> };

/** nginx on a free `port` in front of the processes on `upstreams`, once it answers /api/health. */
export async function startNginx(port: number, upstreams: number[], maxBodySize = '1m'): Promise<TNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'opence-nginx-'));
  // nginx's workers (not root) keep request bodies past 16 KB in a temp folder under it.
  chmodSync(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, upstreams, maxBodySize));
  const child = spawn(NGINX, ['-e', 'stderr', '-p', dir, '-c', conf], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, 10_000);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
