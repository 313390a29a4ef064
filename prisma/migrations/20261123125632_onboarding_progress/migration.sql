-- AlterTable
ALTER TABLE "AuthorizationRequest" ADD COLUMN     "autoLinkError" TEXT,
ADD COLUMN     "profileId" UUID;
