import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addCartLineSchema, cartSchema, updateCartLineSchema, type Cart } from '@toolshop/shared/cart';
import { notFound } from '../plugins/app/errors';
import { errorResponses } from '../plugins/app/route-schemas';
import { hashVisitorToken, NOT_IN_CART, type CartOwner, type CartService } from './service';
import { visitorCookie, visitorToken } from './visitor-cookie';

const lineParams = z.object({ toolId: z.uuid({ error: NOT_IN_CART }) });
const WHOSE_CART =
  'The signed-in account’s cart (session cookie or Bearer token), else the visitor’s (the httpOnly `toolshop_cart` cookie, made by the first add).';

/** What a visitor without a cart sees: nothing is made for a read. */
const EMPTY_CART: Cart = {
  lines: [],
  lineCount: 0,
  subtotalCents: 0,
  shippingCents: 0,
  totalCents: 0,
  readyForCheckout: false,
};

/**
 * The cart API (decision 048): anyone may call it, a visitor or an account; what it answers names
 * someone's cart, so the access rule keeps it private.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ carts: CartService; secureCookies: boolean }> = async (
  app,
  { carts, secureCookies },
) => {
  /**
   * Whose cart a request is about: the account's, else the visitor's cookie's, else (`newVisitor`, the
   * first add) a new visitor's, counted against their address. A change by a visitor renews the cookie,
   * as it renews the cart's 30 days; a read sets nothing.
   */
  async function ownerOf(
    request: FastifyRequest,
    change?: { reply: FastifyReply; newVisitor: boolean },
  ): Promise<CartOwner | null> {
    if (request.viewer) return { userId: request.viewer.id };
    let token = visitorToken(request.headers);
    if (!token && change?.newVisitor) token = await carts.newVisitor(request.ip);
    if (!token) return null;
    if (change) void change.reply.header('set-cookie', visitorCookie(token, secureCookies));
    return { tokenHash: hashVisitorToken(token) };
  }

  app.get(
    '/cart',
    {
      config: { access: 'session-if-any' },
      schema: {
        tags: ['cart'],
        summary: `The cart: its lines with today's price and stock, what stands in each line's way, and its amounts. ${WHOSE_CART} Makes no cart.`,
        response: { 200: cartSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const owner = await ownerOf(request);
      return owner ? carts.read(owner) : EMPTY_CART;
    },
  );

  app.post(
    '/cart/lines',
    {
      config: { access: 'session-if-any' },
      schema: {
        tags: ['cart'],
        summary: `Add units of a tool (to its line when the cart has one, capped by what is available). ${WHOSE_CART} At most 50 lines; new visitor carts are limited per address.`,
        body: addCartLineSchema,
        response: { 200: cartSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      carts.addLine((await ownerOf(request, { reply, newVisitor: true }))!, request.body),
  );

  app.patch(
    '/cart/lines/:toolId',
    {
      config: { access: 'session-if-any' },
      schema: {
        tags: ['cart'],
        summary: `Set a line's quantity (within the tool's minimum order and what is available; today's price becomes the one seen). ${WHOSE_CART}`,
        params: lineParams,
        body: updateCartLineSchema,
        response: { 200: cartSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, { reply, newVisitor: false });
      if (!owner) throw notFound(NOT_IN_CART);
      return carts.updateLine(owner, request.params.toolId, request.body);
    },
  );

  app.delete(
    '/cart/lines/:toolId',
    {
      config: { access: 'session-if-any' },
      schema: {
        tags: ['cart'],
        summary: `Remove a tool's line (no line: nothing changes). ${WHOSE_CART}`,
        params: lineParams,
        response: { 200: cartSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, { reply, newVisitor: false });
      return owner ? carts.removeLine(owner, request.params.toolId) : EMPTY_CART;
    },
  );
};
