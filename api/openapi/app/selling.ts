/** Selling and the public pages' calls: the owner's offers, a For Sale page and its offers, a transfer-away answer, the cart and its items. */
import { z } from 'zod';
import { addCartItemsSchema, cartItemPatchSchema, cartItemSchema, cartPatchSchema, cartSchema } from '../../contract/carts/cart.ts';
import { checkoutAnswerSchema } from '../../contract/carts/checkout-answer.ts';
import { listPageQuerySchema } from '../../contract/list.ts';
import { forSaleListingSchema, offerAnswerSchema, offerSchema, outboundAnswerSchema } from '../../contract/selling/for-sale-offer.ts';
import { domainOfferSchema } from '../../contract/selling/offer-schemas.ts';
import { outboundTransferViewSchema } from '../../contract/transfers/outbound-transfer.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const domainPath = z.object({ domain: z.string() });
const tokenPath = z.object({ token: z.string() });

export const sellingAppOperations = {
  'GET /domainOffers': {
    summary: "Offers on the account's domains",
    query: listPageQuerySchema,
    response: answers('DomainOfferList', listOf(domainOfferSchema)),
  },
  'PATCH /domainOffers/:id': {
    summary: 'Accept or decline an offer',
    path: z.object({ id: idParamSchema }),
    body: { name: 'OfferAnswer', schema: offerAnswerSchema },
    response: answers('DomainOffer', domainOfferSchema),
  },
  'GET /forSale/:domain': {
    summary: "A listed name's For Sale page (`offer`: an accepted offer's link token)",
    path: domainPath,
    query: z.object({ offer: z.string().optional() }),
    response: answers('ForSaleListing', forSaleListingSchema),
  },
  'POST /forSale/:domain/offers': {
    summary: 'Make an offer on a listed name',
    path: domainPath,
    body: { name: 'Offer', schema: offerSchema },
    response: answers('OfferSent', z.strictObject({ message: z.string() })),
  },
  'GET /outboundTransfers/:token': {
    summary: 'A transfer away, by its approval link',
    path: tokenPath,
    response: answers('OutboundTransfer', outboundTransferViewSchema),
  },
  'POST /outboundTransfers/:token': {
    summary: 'Approve or cancel a transfer away',
    path: tokenPath,
    body: { name: 'OutboundAnswer', schema: outboundAnswerSchema },
    response: answers('OutboundTransfer', outboundTransferViewSchema),
  },
  'GET /carts/:id': {
    summary: "The visitor's cart (0: the current one), with `$relations[]=cartItems` its items",
    path: z.object({ id: idParamSchema }),
    query: z.object({ '$relations[]': z.array(z.enum(['cartItems'])).optional() }),
    response: answers('Cart', cartSchema),
  },
  'PATCH /carts/:id': {
    summary: "Change the cart's contact, card or promo code (answered with the cart), or check out with `commit: true` (answered with the order)",
    path: z.object({ id: idParamSchema }),
    body: { name: 'CartPatch', schema: cartPatchSchema },
    response: answers('CartOrCheckout', z.union([cartSchema, checkoutAnswerSchema])),
  },
  'PATCH /cartItems/:id': {
    summary: 'Change a cart item: its term, its services, its auth code, or remove it (status deleted)',
    path: z.object({ id: idParamSchema }),
    body: { name: 'CartItemPatch', schema: cartItemPatchSchema },
    response: answers('CartItem', cartItemSchema),
  },
  'POST /cartItems': {
    summary: "Add one item (answered as one) or several (answered as a list) to the visitor's cart",
    body: { name: 'AddCartItems', schema: addCartItemsSchema },
    response: answers('CartItemsAdded', z.union([cartItemSchema, z.array(cartItemSchema)]), 201),
  },
};
