import { PASSWORD_MIN_LENGTH } from '../../../constants';
import { cameraTexts } from '../../camera';
import { PROFILE_UI } from '../../profile';
import { scanTexts } from '../../scan';
import { pair, type TranslationPair } from '../../translate';

/** Ukrainian: the scan workflow, the camera dialog and Profil. */
export const CORE: readonly TranslationPair[] = [
  pair(scanTexts, {
    wrongArticle: 'Неправильний товар! Очікується: {expected}',
    wrongLocation: 'Неправильне місце! Очікується: {expected}',
    wrongPallet: 'Неправильний піддон! Очікується: {expected}',
    expectEan: 'Спочатку скануйте EAN',
    expectLocation: 'Скануйте місце',
    expectPallet: 'Скануйте піддон',
    scanned: 'Скановано',
    notInNotification: 'Товару з EAN {ean} немає в цьому повідомленні про поставку',
  }),
  pair(cameraTexts, {
    open: 'Сканувати камерою',
    title: 'Сканування камерою',
    explain:
      'Щоб сканувати камерою, браузер зараз запитає, чи може Lagerwerk використовувати камеру. Зображення обробляються лише на цьому пристрої й не зберігаються; після зчитування камера вимикається.',
    allow: 'Увімкнути камеру',
    starting: 'Камера запускається …',
    aim: 'Тримайте штрихкод у рамці – він зчитується автоматично.',
    torchOn: 'Світло увімк.',
    torchOff: 'Світло вимк.',
    refused: 'Камеру не дозволено. Введіть код вручну або зчитайте сканером. (Дозвіл можна змінити в налаштуваннях браузера.)',
    unavailable: 'На цьому пристрої немає придатної камери. Введіть код вручну.',
    failed: 'Не вдалося завантажити зчитувач штрихкодів. Введіть код вручну.',
    typeInstead: 'Ввести код',
  }),
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
