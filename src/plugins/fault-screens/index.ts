import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * What a reader sees when something goes wrong, in the page's language (docs-dev/HOW-IT-WORKS.md,
 * "Fault screens"): the crash screens (./theme/Error for the whole page, ./theme/ErrorPageContent
 * inside the layout, both showing ./CrashReport), the loading screen (./theme/Loading), through
 * getThemePath, and, on the home page, the wrong-base-URL banner (./BaseUrlBanner; the core's is
 * off with `baseUrlIssueBanner: false`). The site's src/theme/Root renders the banner itself: the
 * app's one root also carries search metadata, and a second root component around it would
 * renumber React's generated ids (the tabs') on every page.
 */
export default function faultScreens(): Plugin {
  return {
    name: 'seerbox-fault-screens',
    getThemePath: () => path.join(__dirname, 'theme'),
  };
}
