-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "logoFileId" UUID,
ADD COLUMN     "privilegeRequestNote" TEXT,
ADD COLUMN     "requestedPrivileges" TEXT[] DEFAULT ARRAY[]::TEXT[];
