import { Button, DatePicker, Input, Select, Space } from 'antd';
import { DATE_FORMATS, parseDate } from '../shared/dates';
import { NO_FILTERS, SEX_TEXT, type UserFilters } from './user-list';

export interface UserFilterBarProps {
  /** What is typed now (searched once 查询 or Enter is pressed). */
  readonly typed: UserFilters;
  readonly onType: (typed: UserFilters) => void;
  readonly onSearch: (filters: UserFilters) => void;
}

const SEX_OPTIONS = Object.entries(SEX_TEXT).map(([value, label]) => ({ value, label }));

/**
 * The user picker's filters (widgets.md §2.11): account and name text, sex and birthday;
 * 查询 searches what is typed, 重置 empties it and searches everyone.
 */
export function UserFilterBar({ typed, onType, onSearch }: UserFilterBarProps) {
  const search = () => onSearch(typed);
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input
        aria-label="账号"
        placeholder="请输入账号"
        allowClear
        value={typed.username}
        onChange={(e) => onType({ ...typed, username: e.target.value })}
        onPressEnter={search}
        style={{ width: 140 }}
      />
      <Input
        aria-label="姓名"
        placeholder="请输入姓名"
        allowClear
        value={typed.realname}
        onChange={(e) => onType({ ...typed, realname: e.target.value })}
        onPressEnter={search}
        style={{ width: 140 }}
      />
      <Select
        aria-label="性别"
        placeholder="请选择性别"
        allowClear
        options={SEX_OPTIONS}
        value={typed.sex || undefined}
        onChange={(sex?: string) => onType({ ...typed, sex: sex ?? '' })}
        style={{ width: 120 }}
      />
      <DatePicker
        aria-label="生日"
        placeholder="请选择生日"
        value={parseDate(typed.birthday, 'date')}
        format={DATE_FORMATS.date}
        onChange={(day) => onType({ ...typed, birthday: day ? day.format(DATE_FORMATS.date) : '' })}
        style={{ width: 140 }}
      />
      <Button type="primary" onClick={search}>
        查询
      </Button>
      <Button
        onClick={() => {
          onType(NO_FILTERS);
          onSearch(NO_FILTERS);
        }}
      >
        重置
      </Button>
    </Space>
  );
}
