import { ALERT_HOURS } from '../../../domain/alerts';
import { CompleteReceiptCommand, ReceiveItemOfflineCommand } from '../../../schemas/inbound';
import { PickCommand, SaveProgressCommand, ShortageCommand } from '../../../schemas/picking';
import { CreateManualProductCommand } from '../../../schemas/products';
import { StockRelocateCommand } from '../../../schemas/relocation';
import { ReceiveReturnItemCommand } from '../../../schemas/returns';
import { StockInboundCommand, StockOutboundCommand } from '../../../schemas/stock';
import { StocktakeCountCommand, StocktakePlaceDoneCommand } from '../../../schemas/stocktake';
import { CompleteWaveCommand, CreateCartCommand } from '../../../schemas/waves';
import { formatDateTime } from '../../format';
import { OFFLINE_COMMAND_LABELS } from '../../sync';
import { SYNC_REJECTIONS_UI } from '../../sync-rejections';
import { SYNC_SCREEN_UI } from '../../sync-screen';
import { pair, type TranslationPair } from '../../translate';

/** Ukrainian: the sync screen, the sync state in the top bar and the offline commands' names. */
export const SYNC: readonly TranslationPair[] = [
  pair(SYNC_SCREEN_UI, {
    title: 'Синхронізація',
    subtitle: 'Операції, збережені на цьому пристрої',
    connection: 'З’єднання',
    online: 'Онлайн',
    offline: 'Офлайн',
    pending: 'Очікують',
    pendingCount: (n) => `Очікують (${n})`,
    problems: 'Проблеми',
    rejectedCount: (n) => `Відхилені (${n})`,
    lastSync: 'Остання синхронізація',
    needsLogin: 'Сеанс завершився. Операції залишаються збереженими й будуть передані після повторного входу тієї самої особи.',
    updateRequired: 'Застосунок застарів. Оновіть його – збережені операції залишаться.',
    retriedAutomatically: (error) => `${error} – буде повторено автоматично.`,
    syncNow: 'Синхронізувати зараз',
    noProblems: 'Проблем немає',
    allSent: 'Усі операції передано',
    waitsForLogin: 'очікує входу особи, яка її записала',
    recorded: (createdAt, id) => `Записано ${formatDateTime(createdAt)} · № ${id}`,
    discard: 'Видалити',
    retry: 'Повторити',
    discarded: 'Операцію видалено',
    requeued: 'Операцію знову поставлено в чергу',
    onlyAuthorCanRetry: 'Повторити може лише особа, яка її провела.',
    persist: {
      granted: 'Постійне сховище увімкнено – браузер не видалить збережені операції.',
      denied: 'Браузер відмовив у постійному сховищі. Якщо бракуватиме пам’яті, збережені операції можуть бути видалені – регулярно синхронізуйте онлайн.',
      unsupported: 'Цей браузер не підтримує постійне сховище. Регулярно синхронізуйте онлайн.',
      unknown: 'Перевірка сховища …',
    },
  }),
  pair(SYNC_REJECTIONS_UI, {
    title: `Відхилені операції всіх пристроїв (${ALERT_HOURS.default} год)`,
    anchor: SYNC_REJECTIONS_UI.anchor,
    empty: 'Немає відхилених операцій',
    loadError: 'Не вдалося завантажити відхилені операції',
    loading: 'Завантаження відхилених операцій …',
    when: 'Час',
    user: 'Користувач',
    device: 'Пристрій',
    command: 'Операція',
    reason: 'Причина',
    facts: 'Дані',
    number: '№',
  }),
  pair(OFFLINE_COMMAND_LABELS, {
    [StockInboundCommand.name]: 'Розміщення',
    [StockOutboundCommand.name]: 'Видача',
    [StockRelocateCommand.name]: 'Переміщення',
    [CreateManualProductCommand.name]: 'Створити товар',
    [ReceiveItemOfflineCommand.name]: 'Провести приймання товару',
    [CompleteReceiptCommand.name]: 'Завершити приймання товару',
    [PickCommand.name]: 'Комплектація',
    [ShortageCommand.name]: 'Повідомити про нестачу',
    [SaveProgressCommand.name]: 'Зберегти прогрес комплектації',
    [CompleteWaveCommand.name]: 'Завершити хвилю',
    [CreateCartCommand.name]: 'Створити візок комплектації',
    [ReceiveReturnItemCommand.name]: 'Прийняти повернення',
    [StocktakeCountCommand.name]: 'Підрахунок інвентаризації',
    [StocktakePlaceDoneCommand.name]: 'Місце готове',
  }),
];
