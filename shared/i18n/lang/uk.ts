import { PASSWORD_MIN_LENGTH } from '../../constants';
import { PROFILE_UI } from '../profile';
import { pair, type TranslationPair } from '../translate';

/** Ukrainian: the handheld screens' catalogues (docs/architecture.md "Languages"). */
export const UK: readonly TranslationPair[] = [
  pair(PROFILE_UI, {
    title: 'Профіль',
    personalData: 'Особисті дані',
    email: 'Ел. пошта',
    fullName: "Повне ім'я",
    currentPassword: 'Поточний пароль',
    currentPasswordHint: 'Потрібен для зміни адреси ел. пошти',
    role: 'Роль',
    sound: 'Звук і вібрація під час сканування',
    language: 'Мова',
    languageHint: 'Для екранів сканування; адміністрування та портал клієнта залишаються німецькою',
    save: 'Зберегти',
    saved: 'Профіль збережено',
    saveError: 'Не вдалося оновити профіль',
    changePassword: 'Змінити пароль',
    oldPassword: 'Старий пароль',
    newPassword: 'Новий пароль',
    newPasswordHint: `Щонайменше ${PASSWORD_MIN_LENGTH} символів`,
    confirmPassword: 'Підтвердіть новий пароль',
    passwordsDiffer: 'Нові паролі не збігаються',
    passwordChanged: 'Пароль змінено',
    changePasswordError: 'Не вдалося змінити пароль',
  }),
];
