import { DASHBOARD_HOME_UI } from '../../dashboard';
import { formatNumber } from '../../format';
import { pair, type TranslationPair } from '../../translate';

/** Ukrainian: the start screen's tiles and tips. */
export const HOME: readonly TranslationPair[] = [
  pair(DASHBOARD_HOME_UI, {
    welcome: (name: string) => `Вітаємо, ${name}!`,
    quickStart: 'Швидкий старт',
    tiles: {
      myStock: { label: 'Мої залишки', text: 'Переглянути поточні залишки' },
      outboundOrders: { label: 'Вихідні замовлення', text: 'Створюйте та відстежуйте замовлення' },
      announce: { label: 'Повідомлення про поставку', text: 'Повідомити про поставку' },
      profile: { label: 'Профіль', text: 'Ваші дані та пароль' },
      notifications: { label: 'Повідомлення про поставку', text: 'Оголошені поставки' },
      inbound: { label: 'Розміщення', text: 'Розміщуйте товар скануванням' },
      outbound: { label: 'Видача', text: 'Видавайте товар скануванням' },
      relocate: { label: 'Переміщення', text: 'Переміщуйте товар скануванням' },
      returnsReceive: { label: 'Прийняти повернення', text: 'Приймайте повернення скануванням, також офлайн' },
      stocktakeCount: { label: 'Підрахунок інвентаризації', text: 'Рахуйте місця наосліп, також офлайн' },
      locations: { label: 'Місця', text: 'Керуйте стелажами та комірками' },
      search: { label: 'Пошук', text: 'Знайти товари та місця' },
      returnsWaiting: { label: 'Повернення', text: 'Оголошені, ще не прийняті' },
    },
    returnsWaitingCount: (n: number) => `Повернень в очікуванні: ${formatNumber(n)}`,
    customerTips: [
      'У «Повідомленнях про поставку» ви повідомляєте складу про поставки – з датою та товарами.',
      '«Мої залишки» показують ваш товар на складі з доступною та зарезервованою кількістю.',
      'У «Вихідних замовленнях» ви замовляєте відправлення зі своїх залишків і стежите за статусом.',
    ],
    staffTips: [
      'Розміщення: скануйте EAN, виберіть клієнта й кількість, скануйте місце – працює й офлайн.',
      'Видача: скануйте EAN, виберіть і скануйте місце, підтвердьте кількість.',
      'Угорі праворуч завжди видно, чи ви онлайн і чи чекають операції на передачу.',
    ],
  }),
];
