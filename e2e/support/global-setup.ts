/** Run once before the tests, by Playwright and by Vitest alike: the test servers bundled (target-bundles.ts). */
import { buildTargetBundles } from './target-bundles';

export default async function globalSetup(): Promise<void> {
  await buildTargetBundles();
}
