// @vitest-environment jsdom
import { importMessages, importPreviewSchema, skuWritebackMessages } from '@stocksync/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { ImportPreviewDialog } from './import-preview-dialog';

const previewWith = (skus: object) =>
  importPreviewSchema.parse({
    dry_run: true,
    totals: {
      products: { create: 2, link: 0, update: 0, unchanged: 0, failed: 0 },
      variants: { create: 4, link: 0, update: 0 },
      listings: { create: 4, update: 0 },
      kept: 0,
    },
    products: [],
    truncated: false,
    skus,
  });

function renderDialog(skus: object) {
  const imported: boolean[] = [];
  const rendered = renderScreen(
    <ImportPreviewDialog
      open
      title="Import 2 selected products?"
      preview={previewWith(skus)}
      error={null}
      onRetry={() => {}}
      starting={false}
      onImport={(writeBackSkus) => imported.push(writeBackSkus)}
      onClose={() => {}}
    />,
  );
  return { ...rendered, imported };
}

describe('import preview: SKUs generated on import (issue 25 item 1)', () => {
  it('offers to send the generated SKUs and starts the import with the opt-in', async () => {
    const { user, imported } = renderDialog({
      auto_create: true,
      generate: 3,
      push: 3,
      refused: 0,
      reason: null,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import 2 selected products?' });
    const skus = within(dialog).getByRole('region', { name: 'SKUs' });
    expect(skus).toHaveTextContent('3 imported variants have no SKU and will get one');
    const optIn = within(skus).getByRole('checkbox', { name: 'Send the new SKUs to this channel' });
    expect(optIn).not.toBeChecked();
    await user.click(optIn);
    expect(skus).toHaveTextContent('3 listings get their new SKU after the import');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(imported).toEqual([true]);
  });

  it('says why eBay listings are not sent, and imports without the opt-in unless ticked', async () => {
    const { user, imported } = renderDialog({
      auto_create: true,
      generate: 1,
      push: 0,
      refused: 1,
      reason: skuWritebackMessages.ebaySkuIsKey,
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /Send the new SKUs/ }));
    expect(dialog).toHaveTextContent(`1 listing is not sent: ${skuWritebackMessages.ebaySkuIsKey}`);
    await user.click(within(dialog).getByRole('checkbox', { name: /Send the new SKUs/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(imported).toEqual([false]);
  });

  // Nothing to opt in to: every variant has a SKU (eBay items always do), or generation is off.
  it.each([
    {
      autoCreate: true,
      reason: skuWritebackMessages.ebaySkuIsKey,
      says: importMessages.skusNoneMissing,
    },
    {
      autoCreate: false,
      reason: importMessages.skusAutoCreateOff,
      says: importMessages.skusAutoCreateOff,
    },
  ])(
    'says why none is generated (autoCreate $autoCreate)',
    async ({ autoCreate, reason, says }) => {
      renderDialog({ auto_create: autoCreate, generate: 0, push: 0, refused: 0, reason });
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(says);
      expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    },
  );
});
