import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { departCrudRoutes } from './crud-routes';
import { departExcelRoutes } from './excel';
import { departPermissionRoutes } from './permission-routes';
import { departRoleRoutes } from './role-routes';
import { departTreeRoutes } from './tree-routes';

/**
 * 部门管理 (docs/system-api.md, Departments): the department tree, department permissions
 * (including the two `/sys/permission/*Depart*` routes) and department roles.
 */
export async function departRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await departTreeRoutes(app, ctx);
  await departCrudRoutes(app, ctx);
  await departExcelRoutes(app, ctx);
  await departPermissionRoutes(app, ctx);
  await departRoleRoutes(app, ctx);
}
