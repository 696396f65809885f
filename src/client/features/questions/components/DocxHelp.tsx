// How a Word (.docx) question document must be written for the import: shown beside the import button.
import { Button, Code, Popover, Stack, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/index.ts';

/** The documented layout (also in the README); the Chinese markers are what the server reads. */
export const DOCX_EXAMPLE = `[单选题] 1. 电气设备着火时，首先应当？（分值 2，难度 3，分类 安全/电气）
A. 用水扑救  B. 切断电源  C. 打开门窗  D. 继续作业
答案：B
解析：先断电，防止触电。
[多选题] 2. 下列属于个人防护用品的有？（分值 3）
A. 绝缘手套
B. 安全帽
C. 万用表
答案：AB
[判断题] 3. 作业前应检查工具是否完好。
答案：正确
[问答题] 4. 简述触电急救的步骤。（分值 10）
参考答案：脱离电源、判断意识、呼救、心肺复苏。
[材料题] 5. 某车间检修时……（分类 安全）
[材料-单选题] 事故的直接原因是？（分值 2）
A. 误合闸  B. 设备老化
答案：A
[材料-问答题] 应如何整改？（分值 8）
参考答案：停电挂牌、专人监护。`;

export function DocxHelp() {
  const t = useT();
  return (
    <Popover width={520} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button variant="subtle" leftSection={<IconHelpCircle size={16} />} data-testid="questions-docx-help">
          {t('questions.import.wordLayout')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fz="sm">{t('questions.import.wordIntro')}</Text>
          <Code block fz="xs">
            {DOCX_EXAMPLE}
          </Code>
          <Text fz="xs" c="dimmed">
            {t('questions.import.wordNotes')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
