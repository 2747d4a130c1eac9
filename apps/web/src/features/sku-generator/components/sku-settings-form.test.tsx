// @vitest-environment jsdom
import {
  defaultSkuSettings,
  ORGANIZATION_HEADER,
  skuPreviewResponseSchema,
  skuSettingsMessages,
  skuSettingsResponseSchema,
  type SkuSettings,
} from '@stocksync/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { renderScreen } from '@/testing/render';
import { SkuGeneratorScreen } from './sku-generator-screen';

const ORG_ID = '00000000-0000-4000-8000-0000000000aa';
const SETTINGS_ID = '00000000-0000-4000-8000-0000000000bb';

const stored = skuSettingsResponseSchema.parse({
  ...defaultSkuSettings,
  id: SETTINGS_ID,
  prefix: 'AC',
});

const preview = skuPreviewResponseSchema.parse({
  previews: [
    { productTitle: 'Linen shirt', optionValues: ['Blue', 'M'], sku: 'AC-7KQ2M9XD', reason: null },
    { productTitle: 'Wool scarf', optionValues: [], sku: null, reason: 'Every try was taken' },
  ],
});

type Api = { settings?: typeof stored | 'fails'; save?: (body: SkuSettings) => Response };

/** The SKU settings calls of spec §7; returns what the screen sent with PUT. */
function answerSkuApi({ settings = stored, save }: Api = {}) {
  const saved: { body: SkuSettings; org: string | null }[] = [];
  const previewed: SkuSettings[] = [];
  apiServer.use(
    http.get('/v1/users/sku-settings', () =>
      settings === 'fails'
        ? HttpResponse.json({ error: 'The database is unavailable' }, { status: 503 })
        : HttpResponse.json(settings),
    ),
    http.post('/v1/users/sku-settings/preview', async ({ request }) => {
      previewed.push(((await request.json()) as { settings: SkuSettings }).settings);
      return HttpResponse.json(preview);
    }),
    http.put('/v1/users/sku-settings', async ({ request }) => {
      const body = (await request.json()) as SkuSettings;
      saved.push({ body, org: request.headers.get(ORGANIZATION_HEADER) });
      return save?.(body) ?? HttpResponse.json({ ...body, id: SETTINGS_ID });
    }),
    http.get('/v1/subscriptions/gated', () => HttpResponse.json({ is_gated: false })),
  );
  return { saved, previewed };
}

function renderSkuScreen() {
  return renderScreen(<SkuGeneratorScreen orgId={ORG_ID} orgName="Acme" />, {
    path: '/$org/settings/sku-generator',
    url: '/Acme/settings/sku-generator',
  });
}

const field = (name: string) => screen.getByLabelText(name);
const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

describe('SKU settings form', () => {
  it('shows a spinner, not the defaults, while the stored settings load', async () => {
    let answer = () => {};
    answerSkuApi();
    apiServer.use(
      http.get('/v1/users/sku-settings', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(stored);
      }),
    );
    renderSkuScreen();
    expect(await screen.findByRole('status', { name: 'Loading SKU settings' })).toBeVisible();
    expect(screen.queryByLabelText('Prefix')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByDisplayValue('AC')).toBe(field('Prefix'));
    expect(screen.queryByRole('status', { name: 'Loading SKU settings' })).not.toBeInTheDocument();
  });

  it('shows the stored settings, and saving is possible only once something changed', async () => {
    answerSkuApi();
    const { user } = renderSkuScreen();
    expect(await screen.findByDisplayValue('AC')).toBe(field('Prefix'));
    expect(saveButton()).toBeDisabled();
    await user.type(field('Suffix'), 'X1');
    expect(saveButton()).toBeEnabled();
  });

  it("rejects a prefix or suffix the API would reject, with the spec's messages", async () => {
    const { saved } = answerSkuApi();
    const { user } = renderSkuScreen();
    await screen.findByDisplayValue('AC');
    await user.type(field('Prefix'), 'C-');
    expect(await screen.findByText(skuSettingsMessages.alphanumericOnly)).toBeVisible();
    expect(field('Prefix')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field('Suffix'));
    await user.type(field('Suffix'), 'ABCDE');
    expect(await screen.findByText(skuSettingsMessages.suffixTooLong)).toBeVisible();
    expect(skuSettingsMessages.suffixTooLong).toMatch(/longer than 4 characters/);

    await user.click(saveButton());
    expect(saved).toEqual([]);
  });

  it('keeps SKU length within 1 to 50 and retries within 1 to 10', async () => {
    answerSkuApi();
    const { user } = renderSkuScreen();
    await screen.findByDisplayValue('AC');
    await user.clear(field('SKU length'));
    await user.type(field('SKU length'), '51');
    expect(await screen.findByText('skuLength must be a whole number from 1 to 50')).toBeVisible();
    await user.clear(field('Max retries'));
    await user.type(field('Max retries'), '0');
    expect(await screen.findByText('maxRetries must be a whole number from 1 to 10')).toBeVisible();
  });

  it('asks for a template only with the template strategy, and checks it', async () => {
    answerSkuApi();
    const { user } = renderSkuScreen();
    await screen.findByDisplayValue('AC');
    expect(screen.queryByLabelText('Template')).not.toBeInTheDocument();
    await user.selectOptions(field('Generation strategy'), 'TEMPLATE');
    expect(await screen.findByText(skuSettingsMessages.templateRequired)).toBeVisible();
    // user-event types '{{' as one literal '{'.
    await user.type(field('Template'), '{{TITLE:3');
    expect(await screen.findByText(/skuTemplate has a '\{' without a matching '\}'/)).toBeVisible();
  });

  it('checks the template again when the SKU length it must fit changes', async () => {
    answerSkuApi();
    const { user } = renderSkuScreen();
    await screen.findByDisplayValue('AC');
    await user.selectOptions(field('Generation strategy'), 'TEMPLATE');
    await user.type(field('Template'), '{{TITLE:6}-{{SEQ:4}');
    const tooLong = 'skuTemplate can produce 11 characters, more than skuLength (8)';
    expect(await screen.findByText(tooLong)).toBeVisible();
    await user.clear(field('SKU length'));
    await user.type(field('SKU length'), '12');
    await waitFor(() => expect(screen.queryByText(tooLong)).not.toBeInTheDocument());
    expect(field('Template')).toHaveAttribute('aria-invalid', 'false');
  });

  it('asks for custom characters when the custom character set is chosen', async () => {
    answerSkuApi();
    const { user } = renderSkuScreen();
    await screen.findByDisplayValue('AC');
    await user.selectOptions(field('Character set'), 'CUSTOM');
    expect(await screen.findByText(skuSettingsMessages.customCharactersRequired)).toBeVisible();
  });

  it('sends the whole settings to the API and confirms the save', async () => {
    const { saved } = answerSkuApi();
    const { user } = renderSkuScreen();
    await screen.findByDisplayValue('AC');
    await user.type(field('Suffix'), 'UK');
    await user.selectOptions(field('Delimiter'), '_');
    await user.click(screen.getByRole('switch', { name: 'Create SKUs automatically' }));
    await user.click(saveButton());

    expect(await screen.findByText('SKU settings saved')).toBeVisible();
    expect(saved).toEqual([
      {
        body: {
          ...defaultSkuSettings,
          prefix: 'AC',
          suffix: 'UK',
          delimiter: '_',
          autoCreate: true,
        },
        org: ORG_ID,
      },
    ]);
    // Saved: nothing left to save until the next change.
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });

  it('shows the field the API rejected next to that field', async () => {
    answerSkuApi({
      save: () =>
        HttpResponse.json(
          { error: 'customCharacters must not repeat a character', field: 'customCharacters' },
          { status: 400 },
        ),
    });
    const { user } = renderSkuScreen();
    await screen.findByDisplayValue('AC');
    await user.selectOptions(field('Character set'), 'CUSTOM');
    await user.type(field('Custom characters'), 'ABC');
    await user.click(saveButton());
    expect(await screen.findByText('customCharacters must not repeat a character')).toBeVisible();
    expect(field('Custom characters')).toHaveAttribute('aria-invalid', 'true');
  });

  it('previews example SKUs for the unsaved settings', async () => {
    const { previewed } = answerSkuApi();
    const { user } = renderSkuScreen();
    expect(await screen.findByText('AC-7KQ2M9XD')).toBeVisible();
    expect(screen.getByText('No SKU: Every try was taken')).toBeVisible();
    await user.type(field('Suffix'), 'Z');
    await waitFor(() => expect(previewed.at(-1)).toMatchObject({ prefix: 'AC', suffix: 'Z' }));
    await user.type(field('Prefix'), '!');
    expect(await screen.findByText('Fix the highlighted fields to see examples.')).toBeVisible();
  });

  it('starts from the defaults when the stored settings cannot be read, and can read them again', async () => {
    answerSkuApi({ settings: 'fails' });
    const { user } = renderSkuScreen();
    const alert = await screen.findByRole('alert', {
      name: 'Your saved settings could not be loaded',
    });
    expect(alert).toHaveTextContent('The database is unavailable');
    expect(field('Prefix')).toHaveValue('');
    // The defaults can be saved as they are.
    expect(saveButton()).toBeEnabled();

    answerSkuApi();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('AC')).toBe(field('Prefix'));
    expect(screen.queryByRole('alert', { name: /could not be loaded/ })).not.toBeInTheDocument();
  });
});
