import os from 'node:os';

/** Where a run happened: printed at the top of BENCHMARKS.md and stored in the JSON. */
export interface MachineInfo {
  node: string;
  v8: string;
  platform: string;
  arch: string;
  cpuModel: string;
  cores: number;
  memoryGb: number;
  date: string;
}

/**
 * Describes the machine running the benchmarks.
 *
 * @example
 * machineInfo().cores // 2
 */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: `${os.type()} ${os.release()}`,
    arch: process.arch,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: typeof os.availableParallelism === 'function' ? os.availableParallelism() : cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    date: new Date().toISOString(),
  };
}
