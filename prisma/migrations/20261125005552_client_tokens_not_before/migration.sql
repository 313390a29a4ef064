-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN     "tokensNotBefore" TIMESTAMPTZ(3);
