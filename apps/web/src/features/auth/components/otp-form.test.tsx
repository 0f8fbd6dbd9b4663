import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { OtpForm } from './otp-form';

function renderOtp(sentAt = Date.now()) {
  const onVerified = vi.fn();
  renderWithProviders(
    <OtpForm email="jane@example.com" sentAt={sentAt} onVerified={onVerified} onResent={vi.fn()} onCancel={vi.fn()} />,
  );
  return { onVerified };
}

describe('OtpForm', () => {
  it('enables Verify only at exactly 6 digits', async () => {
    const requests = mockApi({ 'POST /auth/verify-otp': { body: { message: 'Email verified. You can now log in.' } } });
    const { onVerified } = renderOtp();
    const user = userEvent.setup();
    const verify = screen.getByRole('button', { name: 'Verify' });

    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('OTP digit 1 of 6'), '12345');
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('OTP digit 6 of 6'), '6');
    expect(verify).toBeEnabled();

    await user.click(verify);
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledWith('Email verified. You can now log in.'));
    expect(requests[0]?.body).toEqual({ email: 'jane@example.com', otp: '123456' });
  });

  it('counts down 60 seconds before Resend OTP is enabled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const requests = mockApi({ 'POST /auth/resend-otp': { body: { message: 'A new 6-digit code has been sent to your email.' } } });
    renderOtp(Date.now());

    expect(screen.getByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button', { name: 'Resend OTP in 59s' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(screen.getByRole('button', { name: 'Resend OTP in 1s' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });

    const resend = screen.getByRole('button', { name: 'Resend OTP' });
    expect(resend).toBeEnabled();
    vi.useRealTimers();
    await userEvent.setup().click(resend);
    await vi.waitFor(() => expect(requests[0]?.path).toBe('/auth/resend-otp'));
    expect(requests[0]?.body).toEqual({ email: 'jane@example.com' });
  });
});
