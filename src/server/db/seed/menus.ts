// One menu entry for every route of the three spec parts, with the API (type 3) entries of the calls each screen makes.
// Seeded entries carry a stable `code`; a restart adds what is missing and never overwrites what administrators changed.

export interface MenuSeed {
  code: string;
  id?: number;
  parentCode?: string;
  type: 1 | 2 | 3;
  en: string;
  tw: string;
  cn: string;
  icon?: string;
  routePath?: string;
  routeName?: string;
  routeComponent?: string;
  routeParentName?: string;
  sort: number;
  noRequiresAuth?: boolean;
  isData?: boolean;
}

type Names = [en: string, tw: string, cn: string];

interface ButtonDef {
  key: string;
  names: Names;
  /** A route the button opens; the route component has the same name. */
  route?: string;
  apis?: string[];
}

interface ScreenDef {
  route: string;
  names: Names;
  icon?: string;
  isData?: boolean;
  apis?: string[];
  buttons?: ButtonDef[];
}

interface GroupDef {
  id: number;
  key: string;
  names: Names;
  icon: string;
  screens: ScreenDef[];
}

const b = (key: string, names: Names, route?: string, apis?: string[]): ButtonDef => ({ key, names, route, apis });
const ADD: Names = ['Add', '新增', '新增'];
const EDIT: Names = ['Edit', '編輯', '编辑'];

export const groups: GroupDef[] = [
  {
    id: 1,
    key: 'sales',
    names: ['Sales data', '銷售資料', '销售数据'],
    icon: 'chart-bar',
    screens: [
      {
        route: 'WeekSalesDataList',
        names: ['Weekly sales', '週銷售資料', '周销售数据'],
        isData: true,
        apis: ['/api/salesData/getweeksalesdatapage', '/api/salesData/getweeksalesdatapage2', '/api/salesData/getweeksalesdata'],
        buttons: [
          b('add', ['Weekly sales entry', '週銷售錄入', '周销售录入'], 'WeekSalesData', ['/api/salesData/addoreditweeksalesdata']),
          b('edit', ['Edit weekly sales', '編輯週銷售', '编辑周销售'], 'EditWeekSalesData', ['/api/salesData/addoreditweeksalesdata', '/api/salesData/getweeksalesdata']),
        ],
      },
      {
        route: 'SalesDataList',
        names: ['Sales data upload', '銷售資料上傳', '销售数据上传'],
        isData: true,
        apis: ['/api/salesData/getsalesdatapage', '/api/salesData/disabledsalesdata', '/api/salesData/getsalesdatadetailbysalesdataid', '/api/salesData/getsalesdatabyid'],
        buttons: [
          b('edit', ['Sales data entry', '銷售資料錄入', '销售数据录入'], 'SalesDataEdit', [
            '/api/salesData/salesdataexist',
            '/api/salesData/addoreditsalesdata',
            '/api/salesData/disabledsalesdatadetail',
            '/api/salesData/getsalesdatadetailbysalesdataid',
          ]),
        ],
      },
      {
        route: 'SalesTargetList',
        names: ['Sales targets', '銷售目標', '销售目标'],
        isData: true,
        apis: [
          '/api/salestarget/getsalestargetpage',
          '/api/salestarget/getsalestargetdetailbysalestargetid',
          '/api/salestarget/getsalestargetbyid',
          '/api/salestarget/disabledsalestarget',
          '/api/salestarget/releasesalestarget',
          // The approval panel's transfer and copy picker pages users (scoped to the caller's countries on the server).
          '/api/user/getuserpage',
        ],
        buttons: [
          b('add', ['Add sales target', '新增銷售目標', '新增销售目标'], 'SalesTargetAdd', [
            '/api/salestarget/salestargetexist',
            '/api/salestarget/addoreditsalestarget',
            '/api/salestarget/copysalestarget',
          ]),
          b('edit', ['Edit sales target', '編輯銷售目標', '编辑销售目标'], 'SalesTargetEdit', [
            '/api/salestarget/salestargetexist',
            '/api/salestarget/addoreditsalestarget',
            '/api/salestarget/disabledsalestargetdetail',
            '/api/salestarget/copysalestarget',
          ]),
          b('alwaysEdit', ['May always edit targets', '可隨時編輯目標', '可随时编辑目标']),
          b('amountExtras', ['Amount-rule extras', '金額規則附加欄位', '金额规则附加栏位']),
        ],
      },
      {
        route: 'ExchangeRateList',
        names: ['Exchange rates', '匯率', '汇率'],
        apis: ['/api/ExchangeRate/getexchangeratepage', '/api/ExchangeRate/getexchangeratebyid'],
        buttons: [
          b('add', ADD, 'ExchangeRateAdd', ['/api/ExchangeRate/addexchangerate']),
          b('edit', EDIT, 'ExchangeRateEdit', ['/api/ExchangeRate/addexchangerate', '/api/ExchangeRate/getexchangeratebyid']),
        ],
      },
    ],
  },
  {
    id: 200,
    key: 'reports',
    names: ['Sales reports', '銷售報表', '销售报表'],
    icon: 'report',
    screens: [
      { route: 'SalesDataReport', names: ['Sales data report', '銷售資料報表', '销售数据报表'], apis: ['/api/SalesDataReport/GetReportPage'] },
      {
        route: 'SalesTargetAnalysisReport',
        names: ['Target analysis report', '目標分析報表', '目标分析报表'],
        apis: ['/api/SalesTargetAnalysisReport/GetReportPage'],
      },
      {
        route: 'SalesTargetTotalReport',
        names: ['Target total report', '目標匯總報表', '目标汇总报表'],
        apis: ['/api/SalesTargetAnalysisReport/GetSumReportData'],
      },
      {
        route: 'DailyDataReport',
        names: ['Daily report', '日報表', '日报表'],
        apis: ['/api/SalesTargetAnalysisReport/GetDailyData', '/api/TaskWork/DailyReportTaskOptions'],
      },
      {
        route: 'MondayDataReport',
        names: ['Monday report', '週一報表', '周一报表'],
        apis: ['/api/SalesTargetAnalysisReport/GetMondayData', '/api/TaskWork/ReportTaskOptions'],
      },
    ],
  },
  {
    id: 69,
    key: 'master',
    names: ['Master data', '主檔', '主数据'],
    icon: 'database',
    screens: [
      {
        route: 'Product',
        names: ['Products', '產品', '产品'],
        apis: ['/api/Product/getproductpage', '/api/Product/disabledproduct', '/api/Product/getproductbycode'],
        buttons: [
          b('add', ['Add product', '新增產品', '新增产品'], 'AddProduct', ['/api/Product/addproduct']),
          b('edit', ['Edit product', '編輯產品', '编辑产品'], 'EditProduct', ['/api/Product/addproduct', '/api/Product/getproductbycode']),
          b('details', ['Product details', '產品詳情', '产品详情'], 'ProductDetail', ['/api/Product/getproductbycode']),
          b('editUnitPrice', ['May edit unit price', '可編輯單價', '可编辑单价']),
        ],
      },
      {
        route: 'Cgy',
        names: ['Categories', '類別', '类别'],
        apis: ['/api/Category/getcategorypage', '/api/Category/disabledcategory', '/api/Category/getcategorybyid'],
        buttons: [
          b('add', ['Add category', '新增類別', '新增类别'], 'AddCategory', ['/api/Category/addcategory']),
          b('edit', ['Edit category', '編輯類別', '编辑类别'], 'EditCategory', ['/api/Category/addcategory', '/api/Category/getcategorybyid']),
        ],
      },
      {
        route: 'ProductMod',
        names: ['Product models', '產品型號', '产品型号'],
        apis: ['/api/ProductMod/getproductmodpage', '/api/ProductMod/disabledproductmod', '/api/ProductMod/getproductmodbyid'],
        buttons: [
          b('add', ['Add model', '新增型號', '新增型号'], 'AddProductMod', ['/api/ProductMod/addproductmod']),
          b('edit', ['Edit model', '編輯型號', '编辑型号'], 'EditProductMod', ['/api/ProductMod/addproductmod', '/api/ProductMod/getproductmodbyid']),
        ],
      },
      {
        route: 'ProductCol',
        names: ['Product colours', '產品顏色', '产品颜色'],
        apis: ['/api/ProductCol/getproductcolpage', '/api/ProductCol/disabledproductcol', '/api/ProductCol/getproductcolbyid'],
        buttons: [
          b('add', ['Add colour', '新增顏色', '新增颜色'], 'AddProductCol', ['/api/ProductCol/addproductcol']),
          b('edit', ['Edit colour', '編輯顏色', '编辑颜色'], 'EditProductCol', ['/api/ProductCol/addproductcol', '/api/ProductCol/getproductcolbyid']),
        ],
      },
      {
        route: 'Currency',
        names: ['Currencies', '幣別', '币别'],
        apis: ['/api/Currency/getcurrencypage', '/api/Currency/disabledcurrency', '/api/Currency/getcurrencybyid'],
        buttons: [
          b('add', ['Add currency', '新增幣別', '新增币别'], 'AddCurrency', ['/api/Currency/addcurrency']),
          b('edit', ['Edit currency', '編輯幣別', '编辑币别'], 'EditCurrency', ['/api/Currency/addcurrency', '/api/Currency/getcurrencybyid']),
        ],
      },
      {
        route: 'Vendor',
        names: ['Vendors', '供應商', '供应商'],
        apis: ['/api/Vendor/getvendorpage', '/api/Vendor/disabledvendor', '/api/Vendor/getvendorbyid'],
        buttons: [
          b('add', ['Add vendor', '新增供應商', '新增供应商'], 'AddVendor', ['/api/Vendor/addvendor']),
          b('edit', ['Edit vendor', '編輯供應商', '编辑供应商'], 'EditVendor', ['/api/Vendor/addvendor', '/api/Vendor/getvendorbyid']),
          b('details', ['Vendor details', '供應商詳情', '供应商详情'], 'VendorDetail', ['/api/Vendor/getvendorbyid']),
        ],
      },
    ],
  },
  {
    id: 331,
    key: 'organisation',
    names: ['Organisation and permissions', '組織與權限', '组织与权限'],
    icon: 'building',
    screens: [
      {
        route: 'CompanyList',
        names: ['Companies', '公司', '公司'],
        apis: ['/api/company/getcompanypage', '/api/company/disabledcompany', '/api/company/getcompany'],
        buttons: [
          b('add', ['Add company', '新增公司', '新增公司'], 'CompanyAdd', ['/api/company/addoreditcompany']),
          b('edit', ['Edit company', '編輯公司', '编辑公司'], 'CompanyEdit', ['/api/company/addoreditcompany', '/api/company/getcompany']),
          b('details', ['Company details', '公司詳情', '公司详情'], 'CompanyDetails', [
            '/api/company/getcompany',
            '/api/department/getdepartmentpage',
          ]),
        ],
      },
      {
        route: 'DepartmentList',
        names: ['Departments', '部門', '部门'],
        apis: ['/api/department/getdepartmentpage', '/api/department/disableddepartment', '/api/department/getdepartment'],
        buttons: [
          b('add', ['Add department', '新增部門', '新增部门'], 'DepartmentAdd', ['/api/department/addoreditdepartment', '/api/user/getuserpage']),
          b('edit', ['Edit department', '編輯部門', '编辑部门'], 'DepartmentEdit', [
            '/api/department/addoreditdepartment',
            '/api/department/getdepartment',
            '/api/user/getuserpage',
          ]),
        ],
      },
      {
        route: 'UserList',
        names: ['Users', '使用者', '用户'],
        apis: ['/api/user/getuserpage', '/api/user/disableduser', '/api/user/getuserbyid'],
        buttons: [
          b('add', ['Add user', '新增使用者', '新增用户'], 'UserAdd', ['/api/user/addoredituser', '/api/user/getuserpage']),
          b('edit', ['Edit user', '編輯使用者', '编辑用户'], 'UserEdit', ['/api/user/addoredituser', '/api/user/getuserbyid', '/api/user/getuserpage']),
          b('details', ['User details', '使用者詳情', '用户详情'], 'UserDetails', ['/api/user/getuserbyid']),
          b('password', ['Edit password', '修改密碼', '修改密码'], 'UserEditPassword', ['/api/user/edituserpassword', '/api/user/getuserbyid']),
          b('setPassword', ['Set password', '設定密碼', '设定密码'], undefined, ['/api/user/edituserpassword']),
        ],
      },
      {
        route: 'RoleList',
        names: ['Roles', '角色', '角色'],
        apis: ['/api/role/getrolepage', '/api/role/disabledrole', '/api/role/getrolebyid', '/api/role/delrole'],
        buttons: [
          b('add', ['Add role', '新增角色', '新增角色'], 'RoleAdd', ['/api/role/addoreditrole', '/api/menu/getmenutree']),
          b('edit', ['Edit role', '編輯角色', '编辑角色'], 'RoleEdit', ['/api/role/addoreditrole', '/api/role/getrolebyid', '/api/menu/getmenutree']),
          b('details', ['Role details', '角色詳情', '角色详情'], 'RoleDetails', ['/api/role/getrolebyid', '/api/menu/getmenutree']),
        ],
      },
      {
        route: 'MenuList',
        names: ['Menus', '選單', '菜单'],
        apis: ['/api/menu/getmenupage', '/api/menu/disabledmenu', '/api/menu/getmenubyid', '/api/menu/delmenu'],
        buttons: [
          b('add', ['Add menu', '新增選單', '新增菜单'], 'MenuAdd', ['/api/menu/addoreditmenu']),
          b('details', ['Menu details', '選單詳情', '菜单详情'], 'MenuDetails', ['/api/menu/getmenubyid']),
          b('edit', ['Edit menu', '編輯選單', '编辑菜单'], 'MenuEdit', ['/api/menu/addoreditmenu', '/api/menu/getmenubyid']),
          b('addSubmenu', ['Add submenu', '新增子選單', '新增子菜单'], 'MenuAddSubmenu', ['/api/menu/addoreditmenu', '/api/menu/getmenubyid']),
          b('querySubmenu', ['Submenus', '子選單', '子菜单'], 'MenuQuerySubmenu', ['/api/menu/getmenupage', '/api/menu/getmenubyid']),
        ],
      },
    ],
  },
  {
    id: 451,
    key: 'system',
    names: ['Workflow and system', '流程與系統', '流程与系统'],
    icon: 'settings',
    screens: [
      {
        route: 'WorkFlowTemplateList',
        names: ['Approval templates', '簽核範本', '审批模板'],
        apis: [
          '/api/workflow/gettemplatepage',
          '/api/workflow/deltemplate',
          '/api/workflow/disabledtemplate',
          '/api/workflow/getformtypes',
        ],
        buttons: [
          // The user picker of the form and of the designer's rules pages users (getuserpage).
          b('add', ['Add template', '新增範本', '新增模板'], 'WorkFlowTemplateAdd', ['/api/workflow/addoredittemplate', '/api/user/getuserpage']),
          b('edit', ['Edit template', '編輯範本', '编辑模板'], 'WorkFlowTemplateEdit', [
            '/api/workflow/addoredittemplate',
            '/api/workflow/gettemplatebyid',
            '/api/user/getuserpage',
          ]),
          b('flows', ['Set flows', '設定流程', '设定流程'], 'WorkFlowFlows', [
            '/api/workflow/getflowbytemplateid',
            '/api/workflow/setflow',
            // The designer names the template it edits.
            '/api/workflow/gettemplatebyid',
            '/api/user/getuserpage',
          ]),
        ],
      },
      {
        route: 'TaskOptions',
        names: ['Scheduled tasks', '排程任務', '定时任务'],
        apis: [
          '/api/TaskOptions/getTaskOptionspage',
          '/api/TaskOptions/Pause',
          '/api/TaskOptions/Start',
          '/api/TaskOptions/Run',
          '/api/TaskOptions/Delete',
          '/api/TaskOptions/delTaskOptions',
        ],
        buttons: [
          b('add', ['Add task', '新增任務', '新增任务'], 'AddTaskOptions', ['/api/TaskOptions/AddTaskOptions']),
          b('edit', ['Edit task', '編輯任務', '编辑任务'], 'EditTaskOptions', ['/api/TaskOptions/Update', '/api/TaskOptions/GetTaskOptionsById']),
          b('log', ['Task log', '任務日誌', '任务日志'], 'ShowTaskLog', ['/api/TaskOptions/GetTaskLogByTaskOptionsId']),
        ],
      },
      { route: 'MailRecordList', names: ['Mail records', '郵件記錄', '邮件记录'], apis: ['/api/MailRecord/getmailrecordpage', '/api/MailRecord/resend'] },
    ],
  },
];

/**
 * Traditional Chinese names that earlier versions seeded with mainland or other wording (issue 6: Taiwan usage is
 * 銷售資料, 主檔, 簽核範本, 簽核人). A start renames an entry still carrying the old name; a name an administrator
 * changed is left alone.
 */
export const renamedZhTw: Record<string, string> = {
  銷售數據: '銷售資料',
  週銷售數據: '週銷售資料',
  銷售數據上傳: '銷售資料上傳',
  銷售數據錄入: '銷售資料錄入',
  銷售數據報表: '銷售資料報表',
  主數據: '主檔',
  審批模板: '簽核範本',
  新增模板: '新增範本',
  編輯模板: '編輯範本',
};

/** Calls every signed-in user may make: their own session, the shared lookups (scoped on the server) and the approval panel. */
export const openApis = [
  '/api/user/logout',
  '/api/user/getcurrentuser',
  '/api/user/getuserbyname',
  '/api/user/changeuserpassword',
  '/api/menu/getmenusbyuser',
  '/api/company/getcompanylist',
  '/api/department/getdepartmentlist',
  '/api/user/getuserlist',
  '/api/currency/getcurrencylist',
  '/api/Category/getcategorylist',
  '/api/ProductMod/getproductmodlist',
  '/api/ProductMod/getproductmodlist2',
  '/api/ProductCol/getproductcollist',
  '/api/Product/getproductlist',
  '/api/workflow/getworkflowinfo',
  '/api/workflow/checkworkflow',
  '/api/workflow/mailsend',
];

/** Flattens the groups into seed rows, parents before children. */
export function menuSeeds(): MenuSeed[] {
  const out: MenuSeed[] = [];
  const apiRows = (parentCode: string, apis: string[] = []) =>
    apis.forEach((path, i) =>
      out.push({ code: `api:${parentCode}:${path}`, parentCode, type: 3, en: path, tw: path, cn: path, routePath: path, sort: i }),
    );
  for (const g of groups) {
    const gCode = `group:${g.key}`;
    out.push({ code: gCode, id: g.id, type: 1, en: g.names[0], tw: g.names[1], cn: g.names[2], icon: g.icon, sort: g.id });
    g.screens.forEach((s, si) => {
      const sCode = `route:/${s.route}`;
      out.push({
        code: sCode,
        parentCode: gCode,
        type: 1,
        en: s.names[0],
        tw: s.names[1],
        cn: s.names[2],
        icon: s.icon,
        routePath: `/${s.route}`,
        routeName: s.route,
        routeComponent: s.route,
        routeParentName: 'Home',
        sort: (si + 1) * 10,
        isData: s.isData,
      });
      apiRows(sCode, s.apis);
      s.buttons?.forEach((btn, bi) => {
        const bCode = `btn:${s.route === 'SalesTargetList' ? 'SalesTarget' : s.route}.${btn.key}`;
        out.push({
          code: bCode,
          parentCode: sCode,
          type: 2,
          en: btn.names[0],
          tw: btn.names[1],
          cn: btn.names[2],
          routePath: btn.route ? `/${btn.route}` : '',
          routeName: btn.route ?? '',
          routeComponent: btn.route ?? '',
          routeParentName: s.route,
          sort: bi + 1,
        });
        apiRows(bCode, btn.apis);
      });
    });
  }
  openApis.forEach((path, i) =>
    out.push({ code: `api:open:${path}`, type: 3, en: path, tw: path, cn: path, routePath: path, sort: 90000 + i, noRequiresAuth: true }),
  );
  return out;
}
