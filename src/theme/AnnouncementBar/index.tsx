import {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

/**
 * The stock bar, plus one fix: the theme's inline script marks the page
 * `data-announcement-bar-initially-dismissed="true"` from the stored dismissal
 * before React starts, and CSS hides the bar while that attribute is set. When
 * the bar's id has changed (a new release), React re-opens the bar but the
 * attribute stayed, so the new bar only appeared one reload later. Clearing
 * the attribute once the bar is active shows it at once.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
