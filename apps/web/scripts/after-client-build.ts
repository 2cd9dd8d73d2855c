import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A step of the build run once the client's files are written, given the folder that holds them. Only
 * for what browsers download: the server build is read from disk by the server itself.
 */
export function afterClientBuild(name: string, step: (outDir: string) => Promise<void>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (this.environment.name === 'client') await step(outDir);
    },
  };
}
