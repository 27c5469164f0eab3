import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/**
 * The run's summary: every bench script records its goals here (one JSON line each in the file
 * BENCH_SUMMARY_FILE, which tests/bench/run.ts sets for its child processes), and run.ts prints them
 * at the end as one Markdown table, the table the README's "Performance" section shows. A script
 * run alone records nothing.
 */
export interface Goal {
  /** What is measured, as the table's first column reads it. */
  what: string;
  figure: number;
  unit: string;
  /** The bound the figure must not pass. */
  target: number;
  /** Whether the figure must be at least (`min`) or at most (`max`) the target. */
  kind: 'min' | 'max';
  /** The comparison beside the figure (the baseline or the figure before), free text. */
  beside?: string;
  /** Digits after the comma of the figure and the target. */
  digits?: number;
}

export function recordGoal(goal: Goal): void {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(goal)}\n`);
}

export const goalMet = (g: Goal): boolean => (g.kind === 'min' ? g.figure >= g.target : g.figure <= g.target);

const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });

/** The recorded goals as a Markdown table (goal, figure, target, met, beside). */
export function summaryTable(goals: readonly Goal[]): string {
  const rows = goals.map((g) => {
    const d = g.digits ?? 0;
    const unit = g.unit ? ` ${g.unit}` : '';
    return `| ${g.what} | ${f(g.figure, d)}${unit} | ${g.kind === 'min' ? '≥' : '≤'} ${f(g.target, d)}${unit} | ${goalMet(g) ? 'ja' : '**nein**'} | ${g.beside ?? ''} |`;
  });
  return ['| Messung | Wert | Ziel | erfüllt | daneben |', '|---|---|---|---|---|', ...rows].join('\n');
}

export function readGoals(file: string): Goal[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Goal);
}
