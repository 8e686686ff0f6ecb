import {useEffect, useRef, type ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MermaidType>;

/**
 * Passes the diagram's natural width (Mermaid writes it as the SVG's `max-width`) to the CSS as
 * `--sbx-diagram-width`: on a phone the diagram keeps that size inside its scrollable region
 * (src/rehype/scrollRegions.mjs) instead of shrinking until its labels are unreadable.
 */
export default function MermaidWrapper(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const apply = () => {
      const width = Number.parseFloat(box.querySelector('svg')?.style.maxWidth ?? '');
      if (width > 0) box.style.setProperty('--sbx-diagram-width', `${width}px`);
      return width > 0;
    };
    if (apply()) return undefined;
    // Mermaid renders after hydration.
    const observer = new MutationObserver(() => apply() && observer.disconnect());
    observer.observe(box, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="sbx-diagram">
      <Mermaid {...props} />
    </div>
  );
}
