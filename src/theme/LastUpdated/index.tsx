import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props} from '@theme/LastUpdated';
import {shortDate} from '@site/src/utils/shortDate';

/**
 * The stock component (theme-classic 3.10), with two changes:
 * - the date is written by `shortDate`, not Intl, whose first date formatter slows every English
 *   page's hydration (src/utils/shortDate.ts);
 * - the date's `itemprop="dateModified"` gets its item, the page itself: without one the W3C
 *   checker refuses it.
 * The messages keep the stock ids, so their translations in i18n/it/code.json still apply.
 */
export default function LastUpdated({lastUpdatedAt, lastUpdatedBy}: Props): ReactNode {
  const {i18n} = useDocusaurusContext();
  const atDate = lastUpdatedAt ? new Date(lastUpdatedAt) : null;
  return (
    <span itemScope itemType="https://schema.org/WebPage">
      <span className={ThemeClassNames.common.lastUpdated}>
        <Translate
          id="theme.lastUpdated.lastUpdatedAtBy"
          description="The sentence used to display when a page has been last updated, and by who"
          values={{
            atDate: atDate ? (
              <Translate
                id="theme.lastUpdated.atDate"
                description="The words used to describe on which date a page has been last updated"
                values={{
                  date: (
                    <b>
                      <time dateTime={atDate.toISOString()} itemProp="dateModified">
                        {shortDate(atDate, i18n.currentLocale)}
                      </time>
                    </b>
                  ),
                }}>
                {' on {date}'}
              </Translate>
            ) : (
              ''
            ),
            byUser: lastUpdatedBy ? (
              <Translate
                id="theme.lastUpdated.byUser"
                description="The words used to describe by who the page has been last updated"
                values={{user: <b>{lastUpdatedBy}</b>}}>
                {' by {user}'}
              </Translate>
            ) : (
              ''
            ),
          }}>
          {'Last updated{atDate}{byUser}'}
        </Translate>
      </span>
    </span>
  );
}
