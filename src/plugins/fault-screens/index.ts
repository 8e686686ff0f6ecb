import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * What a reader sees when something goes wrong, in the page's language (docs-dev/HOW-IT-WORKS.md,
 * "Fault screens"): the crash screens (./theme/Error for the whole page, ./theme/ErrorPageContent
 * inside the layout, both showing ./CrashReport), the loading screen (./theme/Loading) and, on the
 * home page, the wrong-base-URL banner (./BaseUrlBanner, added by ./theme/Root; the core's banner
 * is off with `baseUrlIssueBanner: false`). The components come through getThemePath, so the
 * site's own src/theme only wraps them.
 */
export default function faultScreens(): Plugin {
  return {
    name: 'seerbox-fault-screens',
    getThemePath: () => path.join(__dirname, 'theme'),
  };
}
