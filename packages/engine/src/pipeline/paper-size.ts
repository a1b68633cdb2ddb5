import { PAPER_ASPECT, type PaperSize } from '../geometry/aspect.ts';
import { stretchRows } from '../geometry/text-aspect.ts';
import type { GeometryPlan, PaperChoice, StageReport } from '../types.ts';

const PAPER: Record<Exclude<PaperChoice, 'auto'>, PaperSize> = {
  a4: 'A4',
  letter: 'Letter',
  legal: 'Legal',
};

/** The paper sizes a restore may be asked for. */
export const PAPER_CHOICES: readonly PaperChoice[] = ['auto', 'a4', 'letter', 'legal'];

/**
 * Throws a TypeError for a paper size the engine does not know (the CLI and the server check
 * theirs first, with their own messages).
 */
export function assertPaperChoice(choice: unknown): asserts choice is PaperChoice | undefined {
  if (choice !== undefined && !PAPER_CHOICES.includes(choice as PaperChoice)) {
    throw new TypeError(
      `paper must be one of ${PAPER_CHOICES.join(', ')}, not "${String(choice)}"`,
    );
  }
}

/**
 * A page whose proportions, as restored, are further than this (ln) from the paper size named
 * keeps its own: a receipt or a card is not printed on Letter because the upload said so.
 */
const MAX_CHANGE = Math.log(1.3);

/**
 * The plan with its page brought to the paper size the user named (in the orientation nearer
 * the page as restored), its rows stretched or squeezed: what a page's outline and text tell of
 * its proportions is good to a few per cent, while the user knows the paper (the bench gives
 * about one restored page in four nearer another paper size's proportions than its own). The
 * PDF output then sets the page at that size. Left as it is, with the reason in its `paper`
 * stage report, when no page was found or the page is far from that paper (`MAX_CHANGE`).
 * @example const plan = withPaperSize(planned, 'letter'); plan.paper === 'Letter';
 */
export function withPaperSize(plan: GeometryPlan, choice: PaperChoice | undefined): GeometryPlan {
  if (!choice || choice === 'auto') return plan;
  const t0 = performance.now();
  const name = PAPER[choice];
  const ratio = PAPER_ASPECT[name];
  const report = (
    applied: boolean,
    reason: string,
    details?: Record<string, unknown>,
  ): StageReport => ({
    stage: 'paper',
    applied,
    reason,
    ms: performance.now() - t0,
    ...(details ? { details } : {}),
  });
  if (!plan.outline) {
    return {
      ...plan,
      stages: [
        ...plan.stages,
        report(false, `no page outline found: the frame keeps its proportions, not ${name}'s`),
      ],
    };
  }
  const stretched = stretchToPaper(plan, ratio);
  const change = Math.log(stretched.aspect / plan.aspect);
  if (Math.abs(change) > MAX_CHANGE) {
    return {
      ...plan,
      stages: [
        ...plan.stages,
        report(
          false,
          `the page is ${plan.aspect >= 1 ? plan.aspect.toFixed(2) : (1 / plan.aspect).toFixed(2)} times as ${plan.aspect >= 1 ? 'tall' : 'wide'} as it is ${plan.aspect >= 1 ? 'wide' : 'tall'}, too far from ${name} (${ratio.toFixed(2)}): its own proportions kept`,
          { aspect: plan.aspect },
        ),
      ],
    };
  }
  const pct = Math.round(100 * Math.abs(Math.exp(change) - 1));
  return {
    ...stretched,
    paper: name,
    withoutLocal: plan.withoutLocal && { ...stretchToPaper(plan.withoutLocal, ratio), paper: name },
    stages: [
      ...plan.stages,
      report(
        true,
        pct === 0
          ? `${name}, as asked: the page was already in its proportions`
          : `${name}, as asked: the page made ${pct}% ${change > 0 ? 'taller' : 'shorter'}${plan.paper && plan.paper !== name ? ` (it read as ${plan.paper})` : ''}`,
        { aspectBefore: plan.aspect, paperBefore: plan.paper },
      ),
    ],
  };
}

/** The plan's rows stretched to `ratio` in the orientation nearer the page's own. */
function stretchToPaper(plan: GeometryPlan, ratio: number): GeometryPlan {
  const wanted = plan.aspect >= 1 ? ratio : 1 / ratio;
  const height = Math.max(16, Math.round(plan.map.outWidth * wanted));
  const map = stretchRows(plan.map, height);
  return { ...plan, map, aspect: height / map.outWidth };
}
