// A tsup plugin for every package's CommonJS build: a dependency's default export is read the
// way Babel, TypeScript (esModuleInterop) and the bundlers read it, which is what our sources
// and the dependencies' types assume: `exports.default` when the dependency sets `__esModule`,
// else `module.exports`.
//
// Why it is needed: our packages are `"type": "module"`, so esbuild compiles their CommonJS
// build with Node's rule for ES modules importing CommonJS, `default` = the whole
// `module.exports` (`__toESM(require("swr"), 1)`). That is right for a real ES module in Node
// but wrong once the output is CommonJS: `useSWR` becomes swr's exports object ("is not a
// function"), AsyncStorage's default becomes its module namespace (no getItem), NetInfo's its
// exports object. esbuild has no option for it, so the flag is cleared in the output: `, 0`
// in place of `, 1` (same length, the source map stays exact). The ESM build is untouched.
// The "ships" stage (scripts/ship/builtFiles.mjs) fails if any CommonJS file still has it.
import type { Options } from 'tsup';

type TsupPlugin = NonNullable<Options['plugins']>[number];

const nodeModeToEsm = /(__toESM\(require\("[^"]+"\)), 1\)/g;

export const cjsInterop: TsupPlugin = {
  name: 'bridgekit-cjs-default-interop',
  renderChunk(code) {
    if (this.format !== 'cjs') return;
    return { code: code.replace(nodeModeToEsm, '$1, 0)') };
  },
};
