import type { AwardAdditions, AwardedReceipt, AwardHookDeps, ModuleManifest } from './manifest.js';

/**
 * After an award: every module that follows purchases, in the module list's order, each on its
 * own (one failing never stops another, and never undoes the points). Answers what they add to
 * the check's answer.
 */
export async function runAfterAward(
  modules: readonly ModuleManifest[],
  deps: AwardHookDeps,
  awarded: AwardedReceipt,
): Promise<AwardAdditions> {
  const additions: AwardAdditions = {};
  for (const module of modules) {
    if (!module.afterAward) continue;
    try {
      Object.assign(additions, await module.afterAward(deps, awarded));
    } catch (error) {
      deps.log.error({ err: error, module: module.name, receiptId: awarded.receiptId }, 'a module failed after an award; the points stand');
    }
  }
  return additions;
}
