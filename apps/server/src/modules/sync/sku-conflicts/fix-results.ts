import type { SkuConflictFixResult } from '@stocksync/contract';
import { AppError } from '../../../lib/errors';
import type { FixPlan } from './fix-plan';

/** Each item's result as the apply goes: set once per step that decides it. */
export class FixResults {
  private readonly byPlan = new Map<FixPlan, SkuConflictFixResult>();

  settle(plan: FixPlan, status: SkuConflictFixResult['status'], message: string | null): void {
    this.byPlan.set(plan, { id: plan.id, kind: plan.kind, fix: plan.fix, status, message });
  }

  applied(plan: FixPlan): boolean {
    return this.byPlan.get(plan)?.status === 'applied';
  }

  of(plans: FixPlan[]): SkuConflictFixResult[] {
    return plans.map((plan) => this.byPlan.get(plan)!);
  }
}

/** A client-safe error's message; anything else is a fault and goes on up. */
export function messageOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  throw error;
}

export const isGone = (error: unknown) => error instanceof AppError && error.statusCode === 404;
