import { PASSWORD_MIN_LENGTH } from '../../constants';
import { PROFILE_UI } from '../profile';
import { pair, type TranslationPair } from '../translate';

/** English: the handheld screens' catalogues (docs/architecture.md "Languages"). */
export const EN: readonly TranslationPair[] = [
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
