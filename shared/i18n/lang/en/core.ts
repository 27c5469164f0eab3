import { PASSWORD_MIN_LENGTH } from '../../../constants';
import { cameraTexts } from '../../camera';
import { PROFILE_UI } from '../../profile';
import { scanTexts } from '../../scan';
import { pair, type TranslationPair } from '../../translate';

/** English: the scan workflow, the camera dialog and Profil. */
export const CORE: readonly TranslationPair[] = [
  pair(scanTexts, {
    wrongArticle: 'Wrong article! Expected: {expected}',
    wrongLocation: 'Wrong location! Expected: {expected}',
    wrongPallet: 'Wrong pallet! Expected: {expected}',
    expectEan: 'Scan the EAN first',
    expectLocation: 'Scan a location',
    expectPallet: 'Scan a pallet',
    scanned: 'Scanned',
    notInNotification: 'Article with EAN {ean} is not in this delivery notice',
  }),
  pair(cameraTexts, {
    open: 'Scan with the camera',
    title: 'Camera scan',
    explain:
      'To scan with the camera, the browser will now ask whether Lagerwerk may use the camera. The pictures are read on this device only and not stored; the camera turns off after the read.',
    allow: 'Turn on camera',
    starting: 'Starting camera …',
    aim: 'Hold the barcode in the frame – it is read automatically.',
    torchOn: 'Light on',
    torchOff: 'Light off',
    refused: 'The camera is not allowed. Type the code or read it with the scanner. (The permission can be changed in the browser settings.)',
    unavailable: 'This device has no usable camera. Type the code.',
    failed: 'The barcode reader could not be loaded. Type the code.',
    typeInstead: 'Type the code',
  }),
  pair(PROFILE_UI, {
    title: 'Profile',
    personalData: 'Personal details',
    email: 'E-mail',
    fullName: 'Full name',
    currentPassword: 'Current password',
    currentPasswordHint: 'Needed to change the e-mail address',
    role: 'Role',
    sound: 'Sound and vibration when scanning',
    language: 'Language',
    languageHint: 'For the scan screens; administration and customer portal stay in German',
    save: 'Save',
    saved: 'Profile saved',
    saveError: 'Could not update the profile',
    changePassword: 'Change password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    newPasswordHint: `At least ${PASSWORD_MIN_LENGTH} characters`,
    confirmPassword: 'Confirm new password',
    passwordsDiffer: 'The new passwords do not match',
    passwordChanged: 'Password changed',
    changePasswordError: 'Could not change the password',
  }),
];
