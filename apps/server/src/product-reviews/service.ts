import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiMessages } from '@toolshop/shared/messages';
import type { Page, PageQuery } from '@toolshop/shared/paging';
import { resolvePage } from '@toolshop/shared/paging';
import {
  productReviewQuerySchema,
  type AdminProductReview,
  type MyProductReview,
  type ProductReview,
  type ProductReviewInput,
  type ProductReviewPage,
  type ProductReviewQuery,
} from '@toolshop/shared/product-review';
import { recordActivity, recordedBy } from '../activity-log/record-activity';
import type { ChangeFeed } from '../db/change-feed';
import { CATALOGUE_TOPIC, PRODUCT_REVIEWS_TOPIC } from '../db/change-topics';
import type { Database } from '../db/client';
import { productReviews, productReviewVotes, toolRatings, tools } from '../db/schema';
import { forbidden } from '../plugins/app/access';
import { AppError, notFound } from '../plugins/app/errors';
import { inCatalogue } from '../tools/stock';
import type { Actor, Viewer } from '../viewer';
import { boughtSql, reviewColumns, toAdminReviewDto, toRatingDto, toReviewDto } from './review-query';

const toolNotFound = () => notFound('Tool not found');
const reviewNotFound = () => notFound('Review not found');
const visible = isNull(productReviews.hiddenAt);

export function createProductReviewService(db: Database, changes: ChangeFeed) {
  /** The tool's name when it is in the catalogue (404 otherwise), and whether `viewer` bought it. */
  async function toolFor(tx: Database, toolId: string, viewer?: Viewer) {
    const [tool] = await tx
      .select({
        name: tools.name,
        bought: viewer ? boughtSql(sql`${viewer.id}`, sql`"tools"."id"`) : sql<boolean>`false`,
      })
      .from(tools)
      .where(and(eq(tools.id, toolId), inCatalogue));
    if (!tool) throw toolNotFound();
    return tool;
  }

  /**
   * A change of what a tool's reviews show (a vote: the reviews only) or of its rating too (a review
   * written or hidden: its cards and the lists sorted by rating), told to every process at commit.
   */
  async function announce(tx: Database, toolId: string, ratingChanged: boolean) {
    await changes.announce(tx, PRODUCT_REVIEWS_TOPIC, [toolId]);
    if (ratingChanged) await changes.announce(tx, CATALOGUE_TOPIC, [toolId]);
  }

  return {
    /** A page of the tool's visible reviews, newest or most helpful first, with its rating. */
    async page(toolId: string, query: ProductReviewQuery = {}): Promise<ProductReviewPage> {
      const { sort, page, limit } = productReviewQuerySchema.parse(query);
      await toolFor(db, toolId);
      const where = and(eq(productReviews.toolId, toolId), visible);
      const order =
        sort === 'helpful'
          ? [desc(productReviews.helpful), desc(productReviews.updatedAt), desc(productReviews.id)]
          : [desc(productReviews.updatedAt), desc(productReviews.id)];
      const [rows, [rating]] = await Promise.all([
        db
          .select(reviewColumns)
          .from(productReviews)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select().from(toolRatings).where(eq(toolRatings.toolId, toolId)),
      ]);
      const ratingDto = toRatingDto(rating);
      return { items: rows.map(toReviewDto), total: ratingDto.count, page, limit, rating: ratingDto };
    },

    /** Whether the signed-in customer may review the tool, and their review of it (hidden ones too). */
    async mine(viewer: Viewer, toolId: string): Promise<MyProductReview> {
      const tool = await toolFor(db, toolId, viewer);
      const [row] = await db
        .select(reviewColumns)
        .from(productReviews)
        .where(and(eq(productReviews.toolId, toolId), eq(productReviews.userId, viewer.id)));
      return {
        eligible: Boolean(tool.bought),
        review: row ? toReviewDto(row) : null,
        hidden: Boolean(row?.hiddenAt),
      };
    },

    /**
     * The customer's review of a tool they bought: their first, or a new version replacing the one they
     * wrote before (its text, stars and date; its helpful votes were for the old text, so they go). A
     * review an admin hid stays hidden. 403 without a paid order of the tool.
     */
    async write(
      viewer: Viewer,
      toolId: string,
      input: ProductReviewInput,
    ): Promise<{ review: ProductReview; created: boolean }> {
      const written = await db.transaction(async (tx) => {
        const tool = await toolFor(tx, toolId, viewer);
        if (!tool.bought) throw forbidden(apiMessages.reviewNeedsPurchase);
        const [row] = await tx
          .insert(productReviews)
          .values({ toolId, userId: viewer.id, name: viewer.name, ...input })
          .onConflictDoUpdate({
            target: [productReviews.toolId, productReviews.userId],
            set: { name: viewer.name, ...input, helpful: 0, updatedAt: sql`now()` },
          })
          // xmax is 0 on a row this statement inserted, and set on one it updated.
          .returning({ id: productReviews.id, created: sql<boolean>`xmax = 0` });
        if (!row!.created)
          await tx.delete(productReviewVotes).where(eq(productReviewVotes.reviewId, row!.id));
        await announce(tx, toolId, true);
        return row!;
      });
      const [row] = await db
        .select(reviewColumns)
        .from(productReviews)
        .where(eq(productReviews.id, written.id));
      return { review: toReviewDto(row!), created: Boolean(written.created) };
    },

    /** A signed-in customer finds a visible review helpful: counted once per customer, never their own. */
    async vote(viewer: Viewer, reviewId: string): Promise<{ helpful: number }> {
      return db.transaction(async (tx) => {
        const [review] = await tx
          .select({ userId: productReviews.userId, toolId: productReviews.toolId })
          .from(productReviews)
          .where(and(eq(productReviews.id, reviewId), visible));
        if (!review) throw reviewNotFound();
        if (review.userId === viewer.id) throw forbidden(apiMessages.ownReviewVote);
        const added = await tx
          .insert(productReviewVotes)
          .values({ reviewId, userId: viewer.id })
          .onConflictDoNothing()
          .returning({ reviewId: productReviewVotes.reviewId });
        const [counted] = await tx
          .update(productReviews)
          .set({ helpful: sql`${productReviews.helpful} + ${added.length}` })
          .where(eq(productReviews.id, reviewId))
          .returning({ helpful: productReviews.helpful });
        if (added.length > 0) await announce(tx, review.toolId, false);
        return { helpful: counted!.helpful };
      });
    },

    /** Every review, hidden ones too, newest first: the back office's list. */
    async adminPage(query: PageQuery): Promise<Page<AdminProductReview>> {
      const { page, limit, offset } = resolvePage(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ ...reviewColumns, toolName: tools.name })
          .from(productReviews)
          .innerJoin(tools, eq(tools.id, productReviews.toolId))
          .orderBy(desc(productReviews.updatedAt), desc(productReviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(productReviews),
      ]);
      return { items: rows.map(toAdminReviewDto), total: counted!.total, page, limit };
    },

    /**
     * An admin hides a review, saying why: it leaves the product page and the tool's rating (the trigger
     * recounts), and the activity log keeps who, when and why.
     */
    async hide(reviewId: string, reason: string, actor: Actor): Promise<AdminProductReview> {
      const hidden = await db.transaction(async (tx) => {
        const [review] = await tx
          .select({ ...reviewColumns, toolName: tools.name })
          .from(productReviews)
          .innerJoin(tools, eq(tools.id, productReviews.toolId))
          .where(eq(productReviews.id, reviewId))
          .for('update', { of: productReviews });
        if (!review) throw reviewNotFound();
        if (review.hiddenAt) throw new AppError(409, 'already_hidden', apiMessages.reviewAlreadyHidden);
        await tx
          .update(productReviews)
          .set({ hiddenAt: sql`now()`, hiddenBy: actor.viewer.id, hiddenReason: reason })
          .where(eq(productReviews.id, reviewId));
        await recordActivity(tx, {
          ...recordedBy(actor),
          kind: 'product-review.hidden',
          subject: { type: 'product-review', id: reviewId, label: `${review.name} on ${review.toolName}` },
          details: { reason, tool: review.toolName, rating: review.rating, body: review.body },
        });
        await announce(tx, review.toolId, true);
        return review;
      });
      const [row] = await db
        .select({ ...reviewColumns, toolName: tools.name })
        .from(productReviews)
        .innerJoin(tools, eq(tools.id, productReviews.toolId))
        .where(eq(productReviews.id, hidden.id));
      return toAdminReviewDto(row!);
    },
  };
}

export type ProductReviewService = ReturnType<typeof createProductReviewService>;
