import { supportChatMessages as m, type SupportChannels } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderWithProviders } from '../../test/render';
import { mockApi } from '../../test/fetch-mock';
import { SupportChat } from './support-chat';

const channels: SupportChannels = {
  email: 'support@kuku.farm',
  phone: '254700123456',
  whatsapp_url: 'https://wa.me/254700123456',
};

const openButton = () => screen.getByRole('button', { name: m.chatOpen });

describe('SupportChat', () => {
  it('is a closed button until pressed, and fetches nothing before', () => {
    const requests = mockApi({ 'GET /contact/support': { body: channels } });
    renderWithProviders(<SupportChat />);

    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('opens a panel that says when support replies, and fetches the channels on open', async () => {
    const requests = mockApi({ 'GET /contact/support': { body: channels } });
    const user = userEvent.setup();
    renderWithProviders(<SupportChat />);

    await user.click(openButton());

    const dialog = screen.getByRole('dialog', { name: m.chatTitle });
    expect(dialog).toHaveFocus();
    const close = screen.getByRole('button', { name: m.chatClose });
    expect(close).toHaveAttribute('aria-expanded', 'true');
    expect(close).toHaveAttribute('aria-controls', dialog.id);
    expect(await screen.findByRole('heading', { name: m.chatTitle })).toBeInTheDocument();
    expect(screen.getAllByText(m.chatReplies).length).toBeGreaterThan(0);
    await screen.findByRole('link', { name: m.chatWhatsApp });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /contact/support']);
  });

  it('offers WhatsApp, a call and the contact form', async () => {
    mockApi({ 'GET /contact/support': { body: channels } });
    const user = userEvent.setup();
    renderWithProviders(<SupportChat />);

    await user.click(openButton());

    const whatsApp = await screen.findByRole('link', { name: m.chatWhatsApp });
    expect(whatsApp).toHaveAttribute('href', 'https://wa.me/254700123456');
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: m.chatCall.replace('{phone}', '+254 700 123 456') })).toHaveAttribute(
      'href',
      'tel:+254700123456',
    );
    expect(screen.getByRole('link', { name: 'support@kuku.farm' })).toHaveAttribute('href', 'mailto:support@kuku.farm');

    await user.click(screen.getByRole('link', { name: m.chatWrite }));
    expect(currentLocation()).toBe('/contact');
  });

  it('offers only the contact form when support has no phone or WhatsApp', async () => {
    mockApi({ 'GET /contact/support': { body: { ...channels, phone: null, whatsapp_url: null } } });
    const user = userEvent.setup();
    renderWithProviders(<SupportChat />);

    await user.click(openButton());

    expect(await screen.findByRole('link', { name: m.chatWrite })).toHaveAttribute('href', '/contact');
    await waitFor(() => expect(screen.getByRole('link', { name: 'support@kuku.farm' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: m.chatWhatsApp })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument();
  });

  it('closes with the button and opens again without a second fetch', async () => {
    const requests = mockApi({ 'GET /contact/support': { body: channels } });
    const user = userEvent.setup();
    renderWithProviders(<SupportChat />);

    await user.click(openButton());
    await screen.findByRole('link', { name: m.chatWhatsApp });
    await user.click(screen.getByRole('button', { name: m.chatClose }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
    expect(openButton()).toHaveFocus();

    await user.click(openButton());
    expect(screen.getByRole('dialog', { name: m.chatTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.chatWhatsApp })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('closes on Esc and gives focus back to the button', async () => {
    mockApi({ 'GET /contact/support': { body: channels } });
    const user = userEvent.setup();
    renderWithProviders(<SupportChat />);

    await user.click(openButton());
    expect(screen.getByRole('dialog', { name: m.chatTitle })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(openButton()).toHaveFocus();

    // Also from a link inside the panel.
    await user.click(openButton());
    (await screen.findByRole('link', { name: m.chatWhatsApp })).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(openButton()).toHaveFocus();
  });
});
