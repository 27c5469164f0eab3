import { PASSWORD_MIN_LENGTH } from '../../constants';
import { PROFILE_UI } from '../profile';
import { pair, type TranslationPair } from '../translate';

/** Polish: the handheld screens' catalogues (docs/architecture.md "Languages"). */
export const PL: readonly TranslationPair[] = [
  pair(PROFILE_UI, {
    title: 'Profil',
    personalData: 'Dane osobowe',
    email: 'E-mail',
    fullName: 'Imię i nazwisko',
    currentPassword: 'Obecne hasło',
    currentPasswordHint: 'Wymagane do zmiany adresu e-mail',
    role: 'Rola',
    sound: 'Dźwięk i wibracja przy skanowaniu',
    language: 'Język',
    languageHint: 'Dla ekranów skanowania; administracja i portal klienta pozostają po niemiecku',
    save: 'Zapisz',
    saved: 'Profil zapisany',
    saveError: 'Nie udało się zaktualizować profilu',
    changePassword: 'Zmień hasło',
    oldPassword: 'Stare hasło',
    newPassword: 'Nowe hasło',
    newPasswordHint: `Co najmniej ${PASSWORD_MIN_LENGTH} znaków`,
    confirmPassword: 'Potwierdź nowe hasło',
    passwordsDiffer: 'Nowe hasła nie są identyczne',
    passwordChanged: 'Hasło zmienione',
    changePasswordError: 'Nie udało się zmienić hasła',
  }),
];
