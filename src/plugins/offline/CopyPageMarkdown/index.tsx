import {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import Translate, {translate} from '@docusaurus/Translate';
import copyTextToClipboard from 'copy-text-to-clipboard';
import {markdownUrl} from './markdownUrl';
import styles from './styles.module.css';

type State = 'idle' | 'copied' | 'failed';

/**
 * "Copy page as Markdown": puts the page's Markdown twin (`<page>.md`, written by the build)
 * on the clipboard. It copies the way the code blocks' copy buttons do (copy-text-to-clipboard,
 * a hidden text area and `execCommand`), which also works over plain HTTP, where
 * `navigator.clipboard` does not exist. The file is fetched when the pointer or the keyboard
 * reaches the button, so the copy itself runs right in the click.
 */
export default function CopyPageMarkdown(): ReactNode {
  const {pathname} = useLocation();
  const [state, setState] = useState<State>('idle');
  const markdown = useRef<{url: string; text: Promise<string>} | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const load = useCallback(() => {
    const url = markdownUrl(pathname);
    if (markdown.current?.url !== url) {
      const text = fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.text();
      });
      // A failed fetch is tried again at the next click.
      text.catch(() => {
        if (markdown.current?.text === text) markdown.current = null;
      });
      markdown.current = {url, text};
    }
    return markdown.current.text;
  }, [pathname]);

  const copy = useCallback(async () => {
    window.clearTimeout(timer.current);
    let copied = false;
    try {
      copied = copyTextToClipboard(await load());
    } catch {
      copied = false;
    }
    setState(copied ? 'copied' : 'failed');
    timer.current = window.setTimeout(() => setState('idle'), 2500);
  }, [load]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const label =
    state === 'copied'
      ? translate({
          id: 'theme.sbx.copyPageMarkdown.copied',
          message: 'Copied',
          description: 'Shown after the page was copied as Markdown',
        })
      : state === 'failed'
        ? translate({
            id: 'theme.sbx.copyPageMarkdown.failed',
            message: 'Copy failed',
            description: 'Shown when the page could not be copied as Markdown',
          })
        : null;

  return (
    <div className={`sbx-copy-page ${styles.bar}`}>
      <button
        type="button"
        className={`button button--sm button--outline button--secondary ${styles.button}`}
        onPointerEnter={() => void load().catch(() => undefined)}
        onFocus={() => void load().catch(() => undefined)}
        onClick={() => void copy()}
        data-state={state}>
        <Translate id="theme.sbx.copyPageMarkdown.button" description="Button that copies the whole page as Markdown">
          Copy page as Markdown
        </Translate>
      </button>
      <span className={styles.status} role="status" aria-live="polite">
        {label}
      </span>
    </div>
  );
}
