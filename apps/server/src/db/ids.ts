import { z } from 'zod';

const uuid = z.uuid();

/** Row ids are UUIDs; anything else cannot name a row. For ids outside an address (route-schemas.ts). */
export const isUuid = (value: string): boolean => uuid.safeParse(value).success;
