import { Access, UserType, type User } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { failure, mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { accessForType, toUserForm, UserForm } from './user-form.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('settings');
});

const combo = (name: string) => screen.getByRole('combobox', { name });
async function pick(name: string, option: string) {
  await userEvent.click(combo(name));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
const save = () => userEvent.click(screen.getAllByRole('button', { name: 'Запази' })[0]);
const type = (name: string, text: string) => userEvent.type(screen.getByRole('textbox', { name }), text);

async function fillNewUser() {
  await type('Име (български)', 'Анна');
  await type('Име (италиански)', 'Anna');
  await type('Фамилия (български)', 'Колева');
  await type('Фамилия (италиански)', 'Koleva');
  await type('Имейл', 'anna@kantora.local');
  await userEvent.type(screen.getByLabelText(/^Парола/), 'secret1');
}

describe('the type/access coupling', () => {
  it('gives clients client access and employees employee access', () => {
    expect(accessForType(UserType.client)).toBe(Access.client);
    expect(accessForType(UserType.employee)).toBe(Access.employee);
    expect(accessForType(null)).toBeNull();
    expect(toUserForm(null)).toMatchObject({
      type: UserType.client,
      access: Access.client,
      status: 1,
      gender: 0,
      password: '',
    });
  });

  it('locks access to client for a client and frees it for an employee', async () => {
    renderWithProviders(<UserForm user={null} onSaved={vi.fn()} />);
    // A new user starts as a client: access client, the select disabled.
    expect(combo('Вид потребител')).toHaveTextContent('Клиент');
    expect(combo('Права на достъп')).toHaveTextContent('Клиент');
    expect(combo('Права на достъп')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Потребител клиент винаги има клиентски достъп.')).toBeInTheDocument();

    await pick('Вид потребител', 'Служител');
    expect(combo('Права на достъп')).toHaveTextContent('Служител');
    expect(combo('Права на достъп')).not.toHaveAttribute('aria-disabled');
    // An employee cannot be given client access.
    await userEvent.click(combo('Права на достъп'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Клиент' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Мениджър' }));
    expect(combo('Права на достъп')).toHaveTextContent('Мениджър');

    await pick('Вид потребител', 'Клиент');
    expect(combo('Права на достъп')).toHaveTextContent('Клиент');
    expect(combo('Права на достъп')).toHaveAttribute('aria-disabled', 'true');
  });

  it('saves a new manager with the coupled values and reports the saved user', async () => {
    const saved = vi.fn();
    const { calls } = mockApi({
      'POST /api/settings/users/save': (init) =>
        ok({ _id: 'u1', ...JSON.parse(String(init?.body)) } as User, 'saved_successfully'),
    });
    renderWithProviders(<UserForm user={null} onSaved={saved} />);
    await fillNewUser();
    await pick('Вид потребител', 'Служител');
    await pick('Права на достъп', 'Мениджър');
    await save();
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const body = JSON.parse(String(calls[0].init?.body));
    expect(body).toMatchObject({
      type: UserType.employee,
      access: Access.manager,
      email: 'anna@kantora.local',
      password: 'secret1',
      status: 1,
    });
  });
});

describe('user validation', () => {
  it('asks for 3-character names in both languages, a valid email and a 6-character password', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<UserForm user={null} onSaved={vi.fn()} />);
    await type('Име (български)', 'Ан');
    await type('Имейл', 'not-an-email');
    await userEvent.type(screen.getByLabelText(/^Парола/), '123');
    await save();
    expect(await screen.findByText('Полето трябва да съдържа поне 3 символа')).toBeInTheDocument();
    expect(screen.getAllByText('Полето е задължително').length).toBeGreaterThanOrEqual(3); // first (it), last (bg, it)
    expect(screen.getByText('Въведете валиден имейл адрес')).toBeInTheDocument();
    expect(screen.getByText('Паролата трябва да съдържа поне 6 символа')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('keeps the password of an existing user when left blank and shows the server refusal under the email', async () => {
    const user: User = {
      _id: '00000000-0000-4000-8000-000000000009',
      firstName: { bg: 'Анна', it: 'Anna' },
      middleName: { bg: '', it: '' },
      lastName: { bg: 'Колева', it: 'Koleva' },
      gender: 1,
      email: 'anna@kantora.local',
      phone: '',
      address: { country: '', state: '', city: '', zipCode: '', street: '' },
      dateOfBirth: null,
      notes: '',
      type: UserType.employee,
      access: Access.accountant,
      status: 1,
    };
    const { calls } = mockApi({
      'POST /api/settings/users/save': () =>
        failure(400, 'email_already_exists', [{ field: 'email', message: 'email_already_exists' }]),
    });
    renderWithProviders(<UserForm user={user} onSaved={vi.fn()} />);
    expect(combo('Права на достъп')).toHaveTextContent('Счетоводител');
    await save();
    await waitFor(() => expect(calls).toHaveLength(1));
    const body = JSON.parse(String(calls[0].init?.body));
    expect(body.password).toBeUndefined();
    expect(body.access).toBe(Access.accountant);
    expect(await screen.findAllByText(/Вече има потребител с този имейл/)).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Имейл' })).toHaveAttribute('aria-invalid', 'true');
  });
});
