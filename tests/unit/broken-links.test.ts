// Broken links and anchors fail the build: Docusaurus checks every page of both languages, so
// scripts/check-content.mjs no longer does (a planted missing page, missing anchor on another page
// and missing anchor on the same page each stopped `docusaurus build`, 27 November 2026).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import config from '../../docusaurus.config';

test('the build throws on a broken link, a broken anchor and an unresolved Markdown link', () => {
  assert.equal(config.onBrokenLinks, 'throw');
  assert.equal(config.onBrokenAnchors, 'throw');
  assert.equal(config.markdown?.hooks?.onBrokenMarkdownLinks, 'throw');
});
