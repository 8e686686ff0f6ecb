// A throw-away "host" for outcome tests: a mount and network namespace of this machine in which a
// page's commands run as printed (sudo included), while the real host stays untouched. Fresh empty
// /run, /var/lib, /var/backups and /var/tmp hide the host's state; /etc/passwd, /etc/group,
// /etc/shadow, /etc/sudoers(.d) and /etc/containers are bind-mounted copies, so a test can add an
// unprivileged administrator with sudo and point Podman at its own storage. The only network is
// the namespace's loopback. Needs root (to create the namespaces) and util-linux.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {tempDir} from './temp';

export type Run = {status: number | null; stdout: string; stderr: string};

/**
 * Why a sandbox host cannot be made here, or '' when it can: root, and the right to create mount
 * and network namespaces (an unprivileged container lacks it).
 */
export function sandboxUnavailable(): string {
  if (process.getuid?.() !== 0) return 'needs root: the sandbox host is a mount and network namespace';
  const probe = spawnSync('unshare', ['--mount', '--net', 'true'], {encoding: 'utf8'});
  if (probe.error) return 'unshare (util-linux) is not installed';
  if (probe.status !== 0)
    return `cannot create mount and network namespaces here (${probe.stderr.trim()}): run as root on a host or in a privileged container`;
  for (const command of ['nsenter', 'ip', 'runuser', 'setsid']) {
    if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0)
      return `${command} is not installed (util-linux, iproute2)`;
  }
  return '';
}

/** The unprivileged administrator every sandbox has: sudo to any user, without a password. */
export const ADMIN = {name: 'sbxadmin', uid: 64123};

/** Paths the sandbox always puts first on PATH (and in sudo's secure_path). */
const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export type SandboxOptions = {
  /** Executables that stand in for commands the page runs but the sandbox cannot (package managers, systemctl). */
  shims?: Record<string, string>;
  /** Folders put on PATH after the shims and before the system's. */
  path?: string[];
  /** Files for the sandbox's /etc/containers (for example registries.conf, storage.conf). */
  containers?: Record<string, string>;
};

export class SandboxHost {
  readonly dir = tempDir('host');
  readonly shims = path.join(this.dir, 'shims');
  readonly home = path.join(this.dir, 'home');
  readonly PATH: string;
  private holder?: ChildProcess;
  private background: ChildProcess[] = [];

  constructor(private readonly options: SandboxOptions = {}) {
    this.PATH = [this.shims, ...(options.path ?? []), SYSTEM_PATH].join(':');
  }

  /** Creates the namespaces and their files; resolves once the sandbox is ready. */
  async start(): Promise<this> {
    chmodSync(this.dir, 0o755);
    const etc = path.join(this.dir, 'etc');
    mkdirSync(path.join(etc, 'sudoers.d'), {recursive: true});
    mkdirSync(this.shims);
    mkdirSync(this.home, {mode: 0o755});
    chownSync(this.home, ADMIN.uid, ADMIN.uid);
    for (const [name, body] of Object.entries(this.options.shims ?? {})) {
      writeFileSync(path.join(this.shims, name), body, {mode: 0o755});
    }
    const {name, uid} = ADMIN;
    const add = (file: string, line: string) =>
      writeFileSync(path.join(etc, file), `${readFileSync(`/etc/${file}`, 'utf8').trimEnd()}\n${line}\n`, {
        mode: 0o640,
      });
    add('passwd', `${name}:x:${uid}:${uid}:Seer Box test administrator:${this.home}:/bin/bash`);
    add('group', `${name}:x:${uid}:`);
    add('shadow', `${name}:*:19000:0:99999:7:::`);
    chmodSync(path.join(etc, 'passwd'), 0o644);
    chmodSync(path.join(etc, 'group'), 0o644);
    writeFileSync(
      path.join(etc, 'sudoers'),
      [
        'Defaults env_reset',
        `Defaults secure_path="${this.PATH}"`,
        'root ALL=(ALL:ALL) ALL',
        `${name} ALL=(ALL:ALL) NOPASSWD: ALL`,
        '',
      ].join('\n'),
      {mode: 0o440},
    );
    const containers = path.join(etc, 'containers');
    mkdirSync(containers);
    if (existsSync('/etc/containers/policy.json'))
      copyFileSync('/etc/containers/policy.json', path.join(containers, 'policy.json'));
    for (const [file, body] of Object.entries(this.options.containers ?? {}))
      writeFileSync(path.join(containers, file), body);

    const setup = [
      'set -e',
      'ip link set lo up',
      'for d in /run /var/lib /var/backups; do mount -t tmpfs -o mode=0755 tmpfs "$d"; done',
      'mount -t tmpfs -o mode=1777 tmpfs /var/tmp',
      'install -d -m 1777 /run/lock',
      'if getent passwd postgres >/dev/null; then install -d -o postgres -g postgres -m 2775 /run/postgresql; install -d -o postgres -g postgres /var/lib/postgresql; fi',
      // Where the machine lacks one of them (no sudo, no Podman), the test that needs it is skipped first.
      ...['passwd', 'group', 'shadow', 'sudoers', 'sudoers.d', 'containers'].map(
        (file) => `if [ -e /etc/${file} ]; then mount --bind "${etc}/${file}" /etc/${file}; fi`,
      ),
      'echo ready',
      'exec sleep infinity',
    ].join('\n');
    // --kill-child: when the holder dies, its child (the sleep that keeps the namespaces) dies too.
    const holder = spawn(
      'unshare',
      ['--mount', '--net', '--fork', '--kill-child', '--propagation', 'private', 'bash', '-c', setup],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.holder = holder;
    process.once('exit', () => this.killAll());
    let errors = '';
    holder.stderr.on('data', (chunk) => (errors += chunk));
    const ready = new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      holder.once('exit', (code) => reject(new Error(`sandbox setup failed (${code}): ${errors}`)));
    });
    await ready;
    return this;
  }

  /** The argument list that runs `command` inside the sandbox (as `user`, without any network if `offline`). */
  private enter(command: string[], {user, offline, cwd}: {user?: string; offline?: boolean; cwd?: string}) {
    const pid = this.holder?.pid;
    if (!pid) throw new Error('sandbox not started');
    return [
      '-t',
      String(pid),
      '--mount',
      '--net',
      '--',
      ...(offline ? ['unshare', '--net', '--'] : []),
      ...(user ? ['runuser', '-u', user, '--'] : []),
      // The working directory is entered from inside the namespaces, where programs can name it.
      ...['sh', '-c', 'cd -- "$0" && exec "$@"', cwd ?? this.home],
      ...command,
    ];
  }

  private env(extra: Record<string, string> = {}) {
    return {PATH: this.PATH, LANG: 'C.UTF-8', HOME: this.home, ...extra};
  }

  /**
   * Runs a page step with bash -e (a failing command fails the step) and -x (the trace shows in a
   * failure message), in a new session without a terminal, so that prompts read `input`.
   */
  run(
    script: string,
    options: {user?: string; offline?: boolean; input?: string; cwd?: string; env?: Record<string, string>} = {},
  ): Run {
    const result = spawnSync('nsenter', this.enter(['setsid', 'bash', '-xeo', 'pipefail', '-c', script], options), {
      input: options.input ?? '',
      encoding: 'utf8',
      env: this.env(options.env),
      timeout: 120_000,
    });
    return {
      status: result.status,
      stdout: result.stdout,
      stderr: `${result.stderr}${result.error ? String(result.error) : ''}`,
    };
  }

  /** Starts a long-running program (a server) inside the sandbox; stopped with the sandbox. */
  startBackground(command: string[], env: Record<string, string> = {}): ChildProcess {
    const child = spawn('nsenter', this.enter(command, {}), {stdio: 'ignore', env: this.env(env)});
    this.background.push(child);
    return child;
  }

  /** The process IDs living in the sandbox's mount namespace (servers the steps started, such as PostgreSQL). */
  private members(): number[] {
    const pid = this.holder?.pid;
    if (!pid) return [];
    let own: string;
    try {
      own = readlinkSync(`/proc/${pid}/ns/mnt`);
    } catch {
      return [];
    }
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== pid)
      .filter((entry) => {
        try {
          return readlinkSync(`/proc/${entry}/ns/mnt`) === own;
        } catch {
          return false;
        }
      })
      .map(Number);
  }

  /** Kills every process of the sandbox (they all belong to this test), then the holder. */
  private killAll() {
    for (const child of this.background) child.kill('SIGKILL');
    for (const pid of this.members()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    this.holder?.kill('SIGKILL');
  }

  async stop() {
    const holder = this.holder;
    this.killAll();
    if (holder && holder.exitCode === null && holder.signalCode === null) await once(holder, 'exit');
    this.holder = undefined;
  }
}

/** A test's message for a failed step: the status and the end of its trace. */
export const explain = (run: Run) =>
  `exit ${run.status}\n--- stdout\n${run.stdout.slice(-3000)}\n--- stderr\n${run.stderr.slice(-4000)}`;
