import { PASSWORD_MIN_LENGTH } from '../../../constants';
import { cameraTexts } from '../../camera';
import { PROFILE_UI } from '../../profile';
import { scanTexts } from '../../scan';
import { pair, type TranslationPair } from '../../translate';

/** Polish: the scan workflow, the camera dialog and Profil. */
export const CORE: readonly TranslationPair[] = [
  pair(scanTexts, {
    wrongArticle: 'Zły artykuł! Oczekiwano: {expected}',
    wrongLocation: 'Zła lokalizacja! Oczekiwano: {expected}',
    wrongPallet: 'Zła paleta! Oczekiwano: {expected}',
    expectEan: 'Najpierw zeskanuj EAN',
    expectLocation: 'Zeskanuj lokalizację',
    expectPallet: 'Zeskanuj paletę',
    scanned: 'Zeskanowano',
    notInNotification: 'Artykułu o EAN {ean} nie ma w tym awizo',
  }),
  pair(cameraTexts, {
    open: 'Skanuj aparatem',
    title: 'Skanowanie aparatem',
    explain:
      'Aby skanować aparatem, przeglądarka zapyta teraz, czy Lagerwerk może używać aparatu. Obrazy są analizowane tylko na tym urządzeniu i nie są zapisywane; aparat wyłącza się po odczycie.',
    allow: 'Włącz aparat',
    starting: 'Uruchamianie aparatu …',
    aim: 'Umieść kod kreskowy w ramce – zostanie odczytany automatycznie.',
    torchOn: 'Światło wł.',
    torchOff: 'Światło wył.',
    refused: 'Aparat jest niedozwolony. Wpisz kod lub odczytaj go skanerem. (Uprawnienie można zmienić w ustawieniach przeglądarki.)',
    unavailable: 'To urządzenie nie ma działającego aparatu. Wpisz kod.',
    failed: 'Nie udało się załadować czytnika kodów. Wpisz kod.',
    typeInstead: 'Wpisz kod',
  }),
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
