// The processes a command leaves behind, read from Linux's /proc: for the
// specs that end `portfolio dev`, `serve` and `build` with a signal and check
// that no child of theirs (npm, its shell, Node, Vite) outlives them.
import { readdirSync, readFileSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  name: string;
  state: string;
}

function read(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (name) state ppid …: the name may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const [state = '', ppid = ''] = stat.slice(close + 2).split(' ');
    return { pid, ppid: Number(ppid), name: stat.slice(stat.indexOf('(') + 1, close), state };
  } catch {
    return undefined;
  }
}

/** Every living process descending from `pid`, children first. */
export function descendants(pid: number): Proc[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => read(Number(d)))
    .filter((p): p is Proc => p !== undefined && p.state !== 'Z');
  const found: Proc[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const p of all) {
      if (p.ppid === parent) {
        found.push(p);
        queue.push(p.pid);
      }
    }
  }
  return found;
}

/** Whether `pid` runs (a zombie has ended: only its exit status is left). */
export function alive(pid: number): boolean {
  const p = read(pid);
  return p !== undefined && p.state !== 'Z';
}
