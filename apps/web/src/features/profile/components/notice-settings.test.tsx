import {
  authMessages,
  DEFAULT_NOTICE_PREFERENCES,
  NOTICE_KINDS,
  noticeSettingsWords,
  noticeWords,
  phoneConfirmationWords,
  type NoticeSettings as Settings,
} from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { NoticeSettings } from './notice-settings';

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  phone: '+254712345678',
  phone_confirmed: false,
  preferences: structuredClone(DEFAULT_NOTICE_PREFERENCES),
  ...overrides,
});

function renderSection(phone: string | null = '254712345678') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ phone_number: phone }));
  return renderWithProviders(<NoticeSettings />, { queryClient });
}

const kindGroup = (kind: (typeof NOTICE_KINDS)[number]) => screen.getByRole('group', { name: noticeWords.kinds[kind] });
const switchOf = (kind: (typeof NOTICE_KINDS)[number], channel: 'push' | 'mail' | 'sms') =>
  within(kindGroup(kind)).getByRole('switch', { name: noticeWords.channels[channel] });

describe('NoticeSettings', () => {
  it('shows every kind with its three switches as stored; SMS waits for a confirmed phone, and says why', async () => {
    mockApi({ 'GET /profile/notices': { body: settings() } });
    renderSection();
    expect(await screen.findByRole('group', { name: noticeWords.kinds.vaccinations })).toBeInTheDocument();
    for (const kind of NOTICE_KINDS) {
      expect(switchOf(kind, 'push')).toBeChecked();
      expect((switchOf(kind, 'mail') as HTMLInputElement).checked).toBe(DEFAULT_NOTICE_PREFERENCES[kind].mail);
      expect(switchOf(kind, 'sms')).toBeDisabled();
      expect(switchOf(kind, 'sms')).not.toBeChecked();
    }
    expect(screen.getByText(noticeSettingsWords.smsNeedsPhone)).toBeInTheDocument();
    expect(switchOf('payments', 'sms')).toHaveAccessibleDescription(noticeSettingsWords.smsNeedsPhone);
    expect(screen.getByText(phoneConfirmationWords.notConfirmed)).toBeInTheDocument();
  });

  it('saves a switch as it is turned, that kind and channel alone', async () => {
    const requests = mockApi({
      'GET /profile/notices': { body: settings({ phone_confirmed: true }) },
      'PUT /profile/notices': (request) => {
        const next = settings({ phone_confirmed: true });
        next.preferences.lowStock.mail = true;
        return { body: { ...next, echoed: request.body } };
      },
    });
    renderSection();
    await screen.findByRole('group', { name: noticeWords.kinds.lowStock });
    expect(switchOf('lowStock', 'mail')).not.toBeChecked();
    await userEvent.setup().click(switchOf('lowStock', 'mail'));
    await waitFor(() => expect(switchOf('lowStock', 'mail')).toBeChecked());
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ preferences: { lowStock: { mail: true } } });
    expect(switchOf('lowStock', 'sms')).toBeEnabled();
  });

  it('puts a refused switch back and says why', async () => {
    mockApi({
      'GET /profile/notices': { body: settings({ phone_confirmed: true }) },
      'PUT /profile/notices': apiError(422, 'rule_broken', noticeWords.smsNeedsConfirmedPhone),
    });
    renderSection();
    await screen.findByRole('group', { name: noticeWords.kinds.budget });
    expect(switchOf('budget', 'sms')).not.toBeChecked();
    await userEvent.setup().click(switchOf('budget', 'sms'));
    expect(await screen.findByText(noticeWords.smsNeedsConfirmedPhone)).toBeInTheDocument();
    await waitFor(() => expect(switchOf('budget', 'sms')).not.toBeChecked());
  });

  it('confirms the phone by the code sent by SMS, then SMS can be chosen', async () => {
    let confirmed = false;
    const requests = mockApi({
      'GET /profile/notices': () => ({ body: settings({ phone_confirmed: confirmed }) }),
      'POST /profile/phone/code': { body: { message: phoneConfirmationWords.codeSent, phone: '+254712345678' } },
      'POST /profile/phone/confirm': (request) => {
        if ((request.body as { code: string }).code !== '123456') {
          return apiError(422, 'rule_broken', authMessages.invalidOtp, { fields: { code: authMessages.invalidOtp } });
        }
        confirmed = true;
        return { body: { message: phoneConfirmationWords.confirmed, phone: '+254712345678', phone_confirmed: true } };
      },
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: phoneConfirmationWords.sendCode }));
    expect(await screen.findByText(phoneConfirmationWords.codeSent)).toBeInTheDocument();

    const code = screen.getByLabelText(phoneConfirmationWords.codeLabel);
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: phoneConfirmationWords.confirm }));
    expect(await screen.findByText(authMessages.enterCode)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/profile/phone/confirm')).toHaveLength(0);

    await user.type(code, '9999');
    await user.click(screen.getByRole('button', { name: phoneConfirmationWords.confirm }));
    expect(await screen.findByText(authMessages.invalidOtp)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: phoneConfirmationWords.confirm }));
    expect(await screen.findByText(phoneConfirmationWords.confirmedBadge)).toBeInTheDocument();
    await waitFor(() => expect(switchOf('payments', 'sms')).toBeEnabled());
    expect(switchOf('payments', 'sms')).toBeChecked();
    expect(screen.queryByText(noticeSettingsWords.smsNeedsPhone)).not.toBeInTheDocument();
  });

  it('without a phone asks for one in the details', async () => {
    mockApi({ 'GET /profile/notices': { body: settings({ phone: null }) } });
    renderSection(null);
    expect(await screen.findByText(phoneConfirmationWords.noPhoneHint)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: phoneConfirmationWords.sendCode })).not.toBeInTheDocument();
  });
});
