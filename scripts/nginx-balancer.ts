// Debian's nginx as the scale-out shape's load balancer (decision 0084): a config written into a directory of its
// own (pid, logs and temporary files there too), run in the foreground as the current user, in front of the app
// instances on loopback.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_VIDEO_BYTES } from '../src/shared/constants.ts';
import { ensureDebianPackage } from './ensure-debian-package.ts';

const NGINX = '/usr/sbin/nginx';
const MIB = 1024 * 1024;
/** A klip's video at its limit and the multipart form around it; the app refuses a bigger file itself. */
const MAX_BODY_MIB = Math.ceil(MAX_VIDEO_BYTES / MIB) + 1;
const LISTEN_DEADLINE_MS = 10_000;
const STOP_DEADLINE_MS = 10_000;

export interface NginxBalancerOptions {
  /** The directory that holds the config, pid file, logs and temporary files. */
  dir: string;
  port: number;
  /** The instances, as `127.0.0.1:port`. */
  upstreams: string[];
}

/** The nginx.conf of the balancer: why each setting, in decision 0084. */
export function buildNginxConfig({ dir, port, upstreams }: NginxBalancerOptions): string {
  const at = (name: string) => path.join(dir, name);
  const servers = upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=2s;`);
  return `# Written by scripts/nginx-balancer.ts (decision 0084).
${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 1024; }

http {
  log_format balancer '$remote_addr "$request" $status $body_bytes_sent $request_time '
                      'upstream=$upstream_addr upstream_status=$upstream_status';
  access_log ${at('access.log')} balancer;
  client_body_temp_path ${at('client-body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  server_tokens off;

  upstream lootklip {
${servers.join('\n')}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${port};

    # Clients here are all on loopback: like a CDN hop in front, a loopback peer names the client's address, so
    # that tests and benchmarks can be many clients; the app trusts one hop, this one (TRUST_PROXY_HOPS=1).
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Forwarded-For;

    client_max_body_size ${MAX_BODY_MIB}m;
    # Uploads stream to the instance as they arrive, which counts their bytes itself.
    proxy_request_buffering off;
    # Answers go through memory only: a video waits on its reader instead of being spooled to disk, and ranges
    # are the instance's (206 with its Content-Range); event streams say X-Accel-Buffering: no.
    proxy_buffering on;
    proxy_buffers 32 16k;
    proxy_max_temp_file_size 0;

    location / {
      proxy_pass http://lootklip;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # A dead or starting instance (refused, 502, 503): the other one answers. Never a write sent already.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries ${upstreams.length};
      proxy_connect_timeout 1s;
      # Past the app's own request deadline (30 s) and the event streams' heartbeat (25 s).
      proxy_read_timeout 90s;
      proxy_send_timeout 90s;
      # Which instance answered, for the scale-out tests.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface NginxBalancer {
  url: string;
  stop(): Promise<void>;
}

/** Installs nginx when missing (Debian, as root), writes the config and starts it; resolves once it listens. */
export async function startNginxBalancer(options: NginxBalancerOptions): Promise<NginxBalancer> {
  ensureDebianPackage(NGINX, 'nginx', 'The scale-out shape needs');
  const { dir, port } = options;
  fs.mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, buildNginxConfig(options));
  const errorLog = path.join(dir, 'error.log');
  let output = '';
  const child = spawn(NGINX, ['-p', dir, '-c', configFile, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://127.0.0.1:${port}`;

  // nginx answers as soon as it listens: any HTTP answer will do (an instance's readiness is its own).
  const deadline = Date.now() + LISTEN_DEADLINE_MS;
  for (;;) {
    if (hasExited()) {
      const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}):\n${output}${log}`);
    }
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${url}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    async stop() {
      if (hasExited()) return;
      // QUIT: a graceful stop, finishing the requests in flight; TERM when that takes too long.
      const timer = setTimeout(() => child.kill('SIGTERM'), STOP_DEADLINE_MS);
      child.kill('SIGQUIT');
      await exited;
      clearTimeout(timer);
    },
  };
}
