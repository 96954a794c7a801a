// Commands in a scratch app, as a user types them: a shell line (globs expand as in a terminal)
// and a server started in the background until it prints its address.
import { spawn } from 'node:child_process';
import { installFlags as packInstallFlags } from './pack.mjs';

/** The flags of every `npm install` in a scratch app, as one shell word list. */
export const installFlags = packInstallFlags.join(' ');

// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what is removed.
const ansi = /\u001b\[[0-9;]*m/g;

/**
 * Runs a shell line in `cwd`. Resolves with its output; rejects with the end of it when the
 * command fails, so the report says why.
 * @param {string} line
 * @param {string} cwd
 * @param {Record<string, string>} [env]
 */
export function sh(line, cwd, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else {
        const tail = output.replace(ansi, '').trim().split('\n').slice(-40).join('\n');
        reject(new Error(`\`${line}\` in ${cwd} exited ${code}:\n${tail}`));
      }
    });
  });
}

/**
 * Starts a server (`node <script> …args`, in its own process group) and resolves once it
 * prints an `http://127.0.0.1:<port>` address, with that address and `stop()`, which ends the
 * group and waits for it. A server that exits or prints no address within a minute rejects.
 * @param {string} script
 * @param {string[]} args
 * @param {string} cwd
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export function startServer(script, args, cwd, env = {}) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (why) => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`${script} ${args.join(' ')} ${why}:\n${output.replace(ansi, '')}`));
    };
    const timer = setTimeout(() => fail('printed no address within a minute'), 60_000);
    const read = (chunk) => {
      output += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output.replace(ansi, ''))?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stop });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => fail(`exited ${code}`));
  });
}
