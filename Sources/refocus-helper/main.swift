import RefocusHelperCommands

RefocusHelperMain.main()
